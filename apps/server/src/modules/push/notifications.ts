import {
  formatBaseUnitsExact,
  type PushLocale,
  type PushPayload,
  type RealtimeEvent,
} from '@dum/core';
import { formatPushNumber, PUSH_TEXTS, type PushTexts } from './texts.ts';

/** What the payload makers need: the language's texts and its way of writing SOL and counts. */
interface Wording {
  t: PushTexts;
  sol(lamports: string): string;
  count(value: number): string;
}

function wordingOf(locale: PushLocale): Wording {
  return {
    t: PUSH_TEXTS[locale],
    sol: (lamports) => formatPushNumber(locale, formatBaseUnitsExact(BigInt(lamports), 9)),
    count: (value) => formatPushNumber(locale, value),
  };
}

/**
 * What a realtime event says as a notification on a device with no tab open, and to whom of its
 * audience: null for events that are no news to a person away (new posts, read marks, the
 * activity ticker). Pure: the push slice's hook (hook.ts) calls it on the instance that
 * published the event.
 */
export interface Notification {
  payload: PushPayload;
  /**
   * Who of the event's audience it is for: `everyone`, or only the creator of this vault
   * (a support is news to its creator, not to the other supporters it is also sent to).
   */
  recipients:
    { kind: 'everyone' } | { kind: 'vault_creator'; vaultId: string; except: string | null };
}

/** The notification in `locale` (English unless said). */
export function notificationFor(
  event: RealtimeEvent,
  locale: PushLocale = 'en',
): Notification | null {
  const w = wordingOf(locale);
  if (event.type === 'vault_support') {
    return {
      payload: {
        kind: 'vaults',
        title: w.t.vaultFunded.title,
        body: w.t.vaultFunded.body(w.sol(event.data.support.amount)),
        url: `/vaults/${event.data.vaultId}`,
        tag: `vault:${event.data.vaultId}`,
      },
      recipients: {
        kind: 'vault_creator',
        vaultId: event.data.vaultId,
        except: event.data.support.supporterId,
      },
    };
  }
  const payload = peoplePayload(event, w) ?? openingPayload(event, w);
  return payload ? { payload, recipients: { kind: 'everyone' } } : null;
}

/** What people did to or for the recipient: messages, follows, replies, mentions, reposts. */
function peoplePayload(event: RealtimeEvent, w: Wording): PushPayload | null {
  const { t } = w;
  switch (event.type) {
    case 'new_message': {
      const tip = BigInt(event.data.tipAmount);
      return {
        kind: 'messages',
        title: tip > 0n ? t.tipped.title(w.sol(event.data.tipAmount)) : t.message.title,
        body: tip > 0n ? t.tipped.body : t.message.body,
        url: `/messages/${event.data.senderAddress}`,
        tag: `message:${event.data.senderAddress}`,
      };
    }
    case 'user_followed':
      return {
        kind: 'followers',
        title: t.followed.title,
        body: t.followed.body(event.data.followerName),
        url: `/profile/${event.data.followerAddress}`,
        tag: `follow:${event.data.followerAddress}`,
      };
    case 'comment_reply':
      return replyPayload(event.data, t);
    case 'mentioned':
      return {
        kind: 'mentions',
        title: t.mentioned.title,
        body: t.mentioned.body(event.data.authorName),
        url: `/posts/${event.data.postId}`,
        tag: `mention:${event.data.postId}:${event.data.commentId ?? ''}`,
      };
    case 'post_reposted':
    case 'post_quoted':
      return repostPayload(event, t);
    default:
      return null;
  }
}

/** Something the recipient waited for came to pass: a vault, a mystery, a capsule, a poll. */
function openingPayload(event: RealtimeEvent, w: Wording): PushPayload | null {
  const { t } = w;
  switch (event.type) {
    case 'vault_completed':
      return {
        kind: 'vaults',
        title: t.vaultUnlocked.title,
        body: t.vaultUnlocked.body,
        url: `/vaults/${event.data.vaultId}`,
        tag: `vault:${event.data.vaultId}`,
      };
    case 'mystery_vault_opened':
      return {
        kind: 'vaults',
        title: t.mysteryOpened.title,
        body: t.mysteryOpened.body(event.data.title),
        url: '/mystery-vaults',
        tag: `mystery:${event.data.vaultId}`,
      };
    case 'time_capsule_opened':
      return {
        kind: 'capsules',
        title: t.capsuleOpened.title,
        body: t.capsuleOpened.body(event.data.authorName),
        url: `/posts/${event.data.postId}`,
        tag: `capsule:${event.data.postId}`,
      };
    case 'poll_ended':
      return pollEndedPayload(event.data, w);
    default:
      return null;
  }
}

/** A reply is "Mentions and replies" news: to the answered comment's author, or the post's. */
function replyPayload(
  data: Extract<RealtimeEvent, { type: 'comment_reply' }>['data'],
  t: PushTexts,
): PushPayload {
  return {
    kind: 'mentions',
    title: t.reply.title,
    body:
      data.on === 'comment'
        ? t.reply.onComment(data.replierName)
        : t.reply.onPost(data.replierName),
    url: `/posts/${data.postId}`,
    tag: `reply:${data.commentId}`,
  };
}

/** A poll's end is news of the author's own post, as a reply is: "Mentions and replies". */
function pollEndedPayload(
  data: Extract<RealtimeEvent, { type: 'poll_ended' }>['data'],
  w: Wording,
): PushPayload {
  return {
    kind: 'mentions',
    title: w.t.pollEnded.title,
    body: w.t.pollEnded.body(data.totalVotes, w.count(data.totalVotes)),
    url: `/posts/${data.postId}`,
    tag: `poll:${data.postId}`,
  };
}

/**
 * A repost or a quote of the recipient's post is news of their own post, as a reply is
 * ("Mentions and replies"); a quote opens the quote, a repost the reposted post.
 */
function repostPayload(
  event: Extract<RealtimeEvent, { type: 'post_reposted' | 'post_quoted' }>,
  t: PushTexts,
): PushPayload {
  if (event.type === 'post_quoted') {
    return {
      kind: 'mentions',
      title: t.quoted.title,
      body: t.quoted.body(event.data.quoterName),
      url: `/posts/${event.data.quoteId}`,
      tag: `quote:${event.data.quoteId}`,
    };
  }
  return {
    kind: 'mentions',
    title: t.reposted.title,
    body: t.reposted.body(event.data.reposterName),
    url: `/posts/${event.data.postId}`,
    tag: `repost:${event.data.postId}:${event.data.reposterAddress}`,
  };
}
