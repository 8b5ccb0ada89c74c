import { lazy } from 'react';
import { VaultPanel } from '../features/vaults/index.ts';
import { LazyReportDialog, ReportButton } from '../features/moderation/index.ts';
import { PollPanel } from '../features/polls/index.ts';
import type { PostWidgets } from '../features/post/index.ts';

/**
 * What the post kernel draws from the features built on it. The sponsored mark and a sealed
 * capsule's panel load with the first card that shows one.
 */
export const postWidgets: PostWidgets = {
  VaultPanel,
  SealedCapsulePanel: lazy(async () => ({
    default: (await import('../features/capsules/capsule-panel-entry.ts')).SealedCapsulePanel,
  })),
  PollPanel,
  SponsoredMark: lazy(async () => ({
    default: (await import('../features/ads/sponsored-entry.ts')).SponsoredMark,
  })),
  ReportButton,
  ReportDialog: LazyReportDialog,
};
