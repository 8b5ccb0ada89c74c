import type { EstablishedRule } from '@dum/core';
import type { SliceBaseDeps } from '../../context.ts';
import type { EventBus } from '../../realtime/index.ts';
import type { ViewerVersions } from '../../viewer-versions.ts';
import type { EmissionSequencer } from '../emissions/index.ts';
import type { EscrowDeps } from '../escrow/index.ts';
import type { MediaStore } from '../media/index.ts';
import type { FollowingPageCache } from './following-page-cache.ts';
import type { PageCache } from './page-cache.ts';
import type { RowCache } from './row-cache.ts';
import type { SharedPage } from './shared-page.ts';
import type { ViewerMarksCache } from './viewer-state.ts';

/** What the feed's logic needs; built once from the app context (routes.ts). */
export interface FeedDeps extends SliceBaseDeps {
  bus: EventBus;
  media: MediaStore;
  /** The feed's pages as every viewer shares them (page-cache.ts). */
  pages: PageCache<SharedPage>;
  /** Posts by id as every viewer shares them: the Following first pages' (row-cache.ts). */
  rows: RowCache;
  /** Signed-in viewers' own marks, kept exact by their versions (viewer-state.ts). */
  marks: ViewerMarksCache;
  /** Bumped after a viewer's like or bookmark commits (viewer-versions.ts). */
  versions: ViewerVersions;
  /** Which posts make each viewer's Following first page (following-page-cache.ts). */
  followingCache: FollowingPageCache;
  appOrigin: string;
  /** Gives the events a post, like or comment queues their rewards (modules/emissions). */
  emissions: EmissionSequencer;
  /** The timelock-vault feature flag (config.vaults.enabled). */
  vaultsEnabled: boolean;
  /** Escrow vault posts: the context's one set of escrow dependencies. */
  escrow: EscrowDeps;
  /** Who counts as established (the verified rule, modules/people). */
  established: EstablishedRule;
}

export interface Viewer {
  id: string;
}
