import { actionDepsOf } from './modules/actions/index.ts';
import { adsDepsOf } from './modules/ads/index.ts';
import {
  expirePosts,
  feedItemsReader,
  feedPostReader,
  removeReportedComment,
  removeReportedPost,
  restorePostExpiries,
} from './modules/feed/index.ts';
import { messageDepsOf, removeReportedMessage } from './modules/messages/index.ts';
import { moderationDepsOf, type ContentOwners } from './modules/moderation/index.ts';
import { mysteryDepsOf, removeReportedMystery } from './modules/mystery/index.ts';
import { paymentDepsOf } from './modules/payments/index.ts';
import { clearReportedProfile } from './modules/users/index.ts';
import { vaultDepsOf } from './modules/vaults/index.ts';

/**
 * The slices' dependencies that more than one route registrar or job uses, built once per
 * context (createAppContext) and handed to each: one set of caches per process (a vault's
 * facts and supporters, a conversation's peers), whichever door a write comes in by, so a blink
 * support and the vault page see the same vault, and the composition root, not each caller,
 * decides how slices are wired to each other (the feed's post reader for vaults and actions,
 * the feed's items for the ads, the content owners' writes for moderation).
 */
export interface SliceDeps {
  readPost: ReturnType<typeof feedPostReader>;
  vaults: ReturnType<typeof vaultDepsOf>;
  messages: ReturnType<typeof messageDepsOf>;
  mystery: ReturnType<typeof mysteryDepsOf>;
  payments: ReturnType<typeof paymentDepsOf>;
  actions: ReturnType<typeof actionDepsOf>;
  ads: ReturnType<typeof adsDepsOf>;
  moderation: ReturnType<typeof moderationDepsOf>;
}

/** What moderation changes in other slices' rows, each written by the slice that owns them. */
const contentOwners: ContentOwners = {
  removePost: removeReportedPost,
  removeComment: removeReportedComment,
  removeDirectMessage: removeReportedMessage,
  removeMystery: removeReportedMystery,
  clearProfile: clearReportedProfile,
  expirePosts,
  restorePostExpiries,
};

/** What building them reads: every field of the app context the builders below take. */
type SliceDepsContext = Parameters<typeof feedPostReader>[0] &
  Parameters<typeof vaultDepsOf>[0] &
  Parameters<typeof messageDepsOf>[0] &
  Parameters<typeof mysteryDepsOf>[0] &
  Parameters<typeof paymentDepsOf>[0] &
  Parameters<typeof actionDepsOf>[0] &
  Parameters<typeof adsDepsOf>[0] &
  Parameters<typeof moderationDepsOf>[0];

export function buildSliceDeps(ctx: SliceDepsContext): SliceDeps {
  const readPost = feedPostReader(ctx);
  const vaults = vaultDepsOf(ctx);
  const messages = messageDepsOf(ctx);
  const payments = paymentDepsOf(ctx);
  return {
    readPost,
    vaults,
    messages,
    mystery: mysteryDepsOf(ctx),
    payments,
    actions: actionDepsOf(ctx, { readPost, vaults, messages, payments }),
    ads: adsDepsOf(ctx, feedItemsReader(ctx)),
    moderation: moderationDepsOf(ctx, contentOwners),
  };
}
