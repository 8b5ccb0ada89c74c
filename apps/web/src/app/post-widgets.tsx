import { lazy } from 'react';
import { LazyReportDialog, ReportButton } from '../features/moderation/index.ts';
import type { PostWidgets } from '../features/post/index.ts';
import { VaultPanel } from '../features/vaults/index.ts';

/**
 * What the post kernel draws from the features built on it. The sponsored mark, a sealed
 * capsule's panel and a poll load with the first card that shows one.
 */
export const postWidgets: PostWidgets = {
  VaultPanel,
  SealedCapsulePanel: lazy(async () => ({
    default: (await import('../features/capsules/capsule-panel-entry.ts')).SealedCapsulePanel,
  })),
  PollPanel: lazy(async () => ({
    default: (await import('../features/polls/poll-panel-entry.ts')).PollPanel,
  })),
  SponsoredMark: lazy(async () => ({
    default: (await import('../features/ads/sponsored-entry.ts')).SponsoredMark,
  })),
  ReportButton,
  ReportDialog: LazyReportDialog,
};
