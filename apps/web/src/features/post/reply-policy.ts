import type { ReplyPolicy } from '@dum/core';
import { t } from '@lingui/core/macro';
import type { FeedPost } from './types.ts';

/**
 * Who may reply to a post, as the thread tells it before anyone types (docs/api.md "Who may
 * reply"). The server decides; these say the same thing ahead of it.
 */

/**
 * The composer's choices, in the order the picker lists them; getters, so each read is in the
 * language active then.
 */
export const REPLY_POLICY_LABELS: Readonly<Record<ReplyPolicy, string>> = {
  get everyone() {
    return t`Everyone`;
  },
  get following() {
    return t`People you follow`;
  },
  get mentioned() {
    return t`Only people you mention`;
  },
};

/** What the thread says of its post's policy; null when everyone may reply. */
export function replyPolicyNote(
  policy: ReplyPolicy,
  authorName: string,
  viewerIsAuthor: boolean,
): string | null {
  switch (policy) {
    case 'everyone':
      return null;
    case 'following':
      return viewerIsAuthor
        ? t`Only people you follow can reply.`
        : t`Only people ${authorName} follows can reply.`;
    case 'mentioned':
      return viewerIsAuthor
        ? t`Only people you mentioned can reply.`
        : t`Only people ${authorName} mentioned can reply.`;
  }
}

/**
 * Whether the viewer may reply: `yes`, `no`, or `unknown` when it turns on whom the author
 * follows (the thread keeps its box; the server answers). Signed-out viewers are `no`.
 */
export type ReplyAccess = 'yes' | 'no' | 'unknown';

export function replyAccess(
  post: Pick<FeedPost, 'author' | 'replyPolicy' | 'mentions'>,
  viewer: { userId: string | null; wallet: string | null },
): ReplyAccess {
  if (viewer.userId === null && viewer.wallet === null) return 'no';
  if (viewer.userId !== null && viewer.userId === post.author.id) return 'yes';
  switch (post.replyPolicy) {
    case 'everyone':
      return 'yes';
    case 'following':
      return 'unknown';
    case 'mentioned':
      return post.mentions.some((mention) => mention.address === viewer.wallet) ? 'yes' : 'no';
  }
}
