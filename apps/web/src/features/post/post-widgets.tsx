import type { ReportTargetKind } from '@dum/core';
import { createContext, useContext, type ComponentType } from 'react';
import type { Viewer } from '../auth/index.ts';
import type { FeedPost, PostVault } from './types.ts';

/**
 * The widgets other features draw inside a post (a vault's panel, a sealed capsule's panel, a
 * poll, the sponsored mark, the report flag and dialog). Those features are built on this kernel, so it
 * cannot import them: it names the shapes it needs and the app hands the components in
 * (app/post-widgets.tsx). Without a provider a post shows none of them.
 */
export interface PostWidgets {
  VaultPanel: ComponentType<{ post: FeedPost; vault: PostVault; viewer: Viewer }>;
  /** Loaded lazily by its owner; the card shows it inside Suspense. */
  SealedCapsulePanel: ComponentType<{
    post: FeedPost;
    capsule: NonNullable<FeedPost['capsule']>;
    viewer: Viewer;
    isAuthor: boolean;
  }>;
  /** A post's poll: its ballot, or its results once the viewer voted or it ended. */
  PollPanel: ComponentType<{
    post: FeedPost;
    poll: NonNullable<FeedPost['poll']>;
    viewer: Viewer;
  }>;
  /** Loaded lazily by its owner; the card shows it inside Suspense. */
  SponsoredMark: ComponentType<{ campaignId: string }>;
  /** A small flag button (a comment) that opens the report dialog. */
  ReportButton: ComponentType<{
    targetKind: ReportTargetKind;
    targetId: string;
    label: string;
    className?: string;
  }>;
  /** The report dialog itself, for menus that open it (the share menu). */
  ReportDialog: ComponentType<{
    targetKind: ReportTargetKind;
    targetId: string;
    open: boolean;
    onOpenChange: (open: boolean) => void;
  }>;
}

function Nothing(): null {
  return null;
}

const noWidgets: PostWidgets = {
  VaultPanel: Nothing,
  SealedCapsulePanel: Nothing,
  PollPanel: Nothing,
  SponsoredMark: Nothing,
  ReportButton: Nothing,
  ReportDialog: Nothing,
};

const PostWidgetsContext = createContext<PostWidgets>(noWidgets);

export const PostWidgetsProvider = PostWidgetsContext.Provider;

export function usePostWidgets(): PostWidgets {
  return useContext(PostWidgetsContext);
}
