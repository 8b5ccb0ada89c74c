import { formatBaseUnitsExact, type PushPayload, type RealtimeEvent } from '@dum/core';

const sol = (lamports: string): string => formatBaseUnitsExact(BigInt(lamports), 9);

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

export function notificationFor(event: RealtimeEvent): Notification | null {
  if (event.type === 'vault_support') {
    return {
      payload: {
        kind: 'vaults',
        title: 'Your vault was funded',
        body: `Someone locked ${sol(event.data.support.amount)} SOL in your vault.`,
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
  const payload = peoplePayload(event) ?? openingPayload(event);
  return payload ? { payload, recipients: { kind: 'everyone' } } : null;
}

/** What people did to or for the recipient: messages, follows, replies, mentions, reposts. */
function peoplePayload(event: RealtimeEvent): PushPayload | null {
  switch (event.type) {
    case 'new_message': {
      const tip = BigInt(event.data.tipAmount);
      return {
        kind: 'messages',
        title: tip > 0n ? `You were tipped ${sol(event.data.tipAmount)} SOL` : 'New message',
        body: tip > 0n ? 'A tip came with a new message.' : 'Someone sent you a message.',
        url: `/messages/${event.data.senderAddress}`,
        tag: `message:${event.data.senderAddress}`,
      };
    }
    case 'user_followed':
      return {
        kind: 'followers',
        title: 'New follower',
        body: `${event.data.followerName} followed you.`,
        url: `/profile/${event.data.followerAddress}`,
        tag: `follow:${event.data.followerAddress}`,
      };
    case 'comment_reply':
      return replyPayload(event.data);
    case 'mentioned':
      return {
        kind: 'mentions',
        title: 'New mention',
        body: `${event.data.authorName} mentioned you.`,
        url: `/posts/${event.data.postId}`,
        tag: `mention:${event.data.postId}:${event.data.commentId ?? ''}`,
      };
    case 'post_reposted':
    case 'post_quoted':
      return repostPayload(event);
    default:
      return null;
  }
}

/** Something the recipient waited for came to pass: a vault, a mystery, a capsule, a poll. */
function openingPayload(event: RealtimeEvent): PushPayload | null {
  switch (event.type) {
    case 'vault_completed':
      return {
        kind: 'vaults',
        title: 'Vault unlocked',
        body: 'A vault reached its target and unlocked.',
        url: `/vaults/${event.data.vaultId}`,
        tag: `vault:${event.data.vaultId}`,
      };
    case 'mystery_vault_opened':
      return {
        kind: 'vaults',
        title: 'Mystery vault opened',
        body: `“${event.data.title}” is open.`,
        url: '/mystery-vaults',
        tag: `mystery:${event.data.vaultId}`,
      };
    case 'time_capsule_opened':
      return {
        kind: 'capsules',
        title: 'Time capsule opened',
        body: `${event.data.authorName}'s time capsule is open.`,
        url: `/posts/${event.data.postId}`,
        tag: `capsule:${event.data.postId}`,
      };
    case 'poll_ended':
      return pollEndedPayload(event.data);
    default:
      return null;
  }
}

/** A reply is "Mentions and replies" news: to the answered comment's author, or the post's. */
function replyPayload(
  data: Extract<RealtimeEvent, { type: 'comment_reply' }>['data'],
): PushPayload {
  return {
    kind: 'mentions',
    title: 'New reply',
    body:
      data.on === 'comment'
        ? `${data.replierName} replied to your comment.`
        : `${data.replierName} replied in your post's comments.`,
    url: `/posts/${data.postId}`,
    tag: `reply:${data.commentId}`,
  };
}

/** A poll's end is news of the author's own post, as a reply is: "Mentions and replies". */
function pollEndedPayload(
  data: Extract<RealtimeEvent, { type: 'poll_ended' }>['data'],
): PushPayload {
  return {
    kind: 'mentions',
    title: 'Your poll ended',
    body:
      data.totalVotes === 1
        ? '1 vote. See the results.'
        : `${data.totalVotes} votes. See the results.`,
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
): PushPayload {
  if (event.type === 'post_quoted') {
    return {
      kind: 'mentions',
      title: 'New quote',
      body: `${event.data.quoterName} quoted your post.`,
      url: `/posts/${event.data.quoteId}`,
      tag: `quote:${event.data.quoteId}`,
    };
  }
  return {
    kind: 'mentions',
    title: 'New repost',
    body: `${event.data.reposterName} reposted your post.`,
    url: `/posts/${event.data.postId}`,
    tag: `repost:${event.data.postId}:${event.data.reposterAddress}`,
  };
}
