import { NOTIFICATION_HISTORY, type RealtimeEvent } from '@dum/core';
import { plural, t } from '@lingui/core/macro';

/**
 * The notification history: the latest 50 events with their timestamp, and
 * an unread count. Plain functions over plain data; the React store wraps them.
 */
export interface Notification {
  id: string;
  event: RealtimeEvent;
  /** What the list shows: the event's toast text. */
  text: ToastText;
  /** Where a click on the item leads, or null. */
  href: string | null;
  receivedAt: number;
}

export interface NotificationState {
  items: Notification[];
  unread: number;
}

export const emptyNotifications: NotificationState = { items: [], unread: 0 };

export function addNotification(state: NotificationState, item: Notification): NotificationState {
  return {
    items: [item, ...state.items].slice(0, NOTIFICATION_HISTORY),
    unread: Math.min(state.unread + 1, NOTIFICATION_HISTORY),
  };
}

export function markAllRead(state: NotificationState): NotificationState {
  return state.unread === 0 ? state : { ...state, unread: 0 };
}

/**
 * On each event the related cached queries are refreshed. Keys are path
 * prefixes; TanStack Query invalidates every query whose key starts with them.
 */
export function queryKeysToRefresh(event: RealtimeEvent): string[][] {
  switch (event.type) {
    case 'new_post':
      // A time capsule that opens is announced as a new post too (at its opening time).
      return [['/api/messages-v2/feed'], ['/api/time-capsules']];
    case 'vault_support':
    case 'vault_completed':
      // The vault's page draws its panel from its post (keyed by the post's id, which the event
      // does not carry): every open post is read again.
      return [
        ['/api/messages-v2/feed'],
        ['/api/messages-v2/messages'],
        ['/api/vaults'],
        ['/api/vaults', event.data.vaultId],
        ['/api/vaults', event.data.vaultId, 'leaderboard'],
      ];
    case 'mystery_vault_joined':
    case 'mystery_vault_opened':
      return [['/api/mystery-vaults']];
    case 'time_capsule_opened':
      return [['/api/messages-v2/feed'], ['/api/time-capsules']];
    case 'new_message':
      return [['/api/messages'], ['/api/conversations']];
    case 'messages_read':
      return [['/api/conversations', event.data.readerAddress]];
    case 'user_followed':
      return [['/api/follows'], ['/api/users']];
    case 'comment_reply':
      // The post's top comments (their reply counts), the thread the reply is in, and the post's
      // comment count wherever it shows.
      return [
        ['/api/messages', event.data.postId, 'comments'],
        ['/api/comments', event.data.parentId, 'replies'],
        ['/api/messages-v2/messages', event.data.postId],
        ['/api/messages-v2/feed'],
      ];
    case 'report_decided':
      return [['/api/reports']];
    case 'mentioned':
      return [];
    case 'poll_ended':
      // The author's poll shows its final counts.
      return [['/api/messages-v2/feed'], ['/api/messages-v2/messages', event.data.postId]];
    case 'post_reposted':
    case 'post_quoted':
      // The author's post shows its new repost count (a quote's count is its own post).
      return [['/api/messages-v2/messages', event.data.postId]];
    case 'activity':
      return [
        ['/api/activity/recent'],
        ['/api/emissions/stats'],
        ['/api/emissions/platform-stats'],
      ];
  }
}

/** What a decided report's notification says, by the decision. */
function reportDecisionText(status: 'dismissed' | 'removed' | 'suspended'): string {
  switch (status) {
    case 'dismissed':
      return t`A moderator reviewed your report and took no action`;
    case 'removed':
      return t`A moderator removed the content you reported`;
    case 'suspended':
      return t`A moderator suspended the account you reported`;
  }
}

export interface ToastText {
  title: string;
  description?: string;
}

/**
 * An item's text in the language active now: the language may have changed since the event
 * came. Items are only kept for events that were toasted, so a text is due (the one kept is
 * the fallback).
 */
export function notificationText(
  item: Notification,
  formatSol: (lamports: bigint) => string,
): ToastText {
  return toastForEvent(item.event, null, formatSol) ?? item.text;
}

/**
 * The event toasts, in the active language. Returns null where no toast is due: nobody is told of
 * their own post or their own support, and activity items only feed the Live Activity card.
 */
export function toastForEvent(
  event: RealtimeEvent,
  viewerId: string | null,
  formatSol: (lamports: bigint) => string,
): ToastText | null {
  if (event.type === 'post_reposted' || event.type === 'post_quoted') return repostToast(event);
  return otherEventToast(event, viewerId, formatSol);
}

type VaultEvent = Extract<
  RealtimeEvent,
  {
    type:
      | 'vault_support'
      | 'vault_completed'
      | 'mystery_vault_joined'
      | 'mystery_vault_opened'
      | 'time_capsule_opened';
  }
>;

function isVaultEvent(event: RealtimeEvent): event is VaultEvent {
  return (
    event.type === 'vault_support' ||
    event.type === 'vault_completed' ||
    event.type === 'mystery_vault_joined' ||
    event.type === 'mystery_vault_opened' ||
    event.type === 'time_capsule_opened'
  );
}

/** Vaults, mystery vaults and time capsules. */
function vaultToast(
  event: VaultEvent,
  viewerId: string | null,
  formatSol: (lamports: bigint) => string,
): ToastText | null {
  switch (event.type) {
    case 'vault_support': {
      if (event.data.support.supporterId === viewerId) return null;
      const amount = formatSol(BigInt(event.data.support.amount));
      return { title: t`Vault Supported`, description: t`Someone vaulted ${amount} SOL` };
    }
    case 'vault_completed':
      return { title: t`Vault Completed`, description: t`A vault reached its target` };
    case 'mystery_vault_joined': {
      const joined = event.data.amount;
      const amount = joined === undefined ? '' : formatSol(BigInt(joined));
      return {
        title: t`Mystery Vault Activity`,
        description:
          joined === undefined ? t`Someone joined` : t`Someone joined with ${amount} SOL`,
      };
    }
    case 'mystery_vault_opened': {
      const title = event.data.title;
      return {
        title: t`Mystery Vault Opened`,
        description: t`“${title}” is open: see what was inside`,
      };
    }
    case 'time_capsule_opened': {
      const authorName = event.data.authorName;
      return {
        title: t`Time Capsule Opened`,
        description: t`${authorName}’s time capsule is open`,
      };
    }
  }
}

function otherEventToast(
  event: Exclude<RealtimeEvent, RepostEvent>,
  viewerId: string | null,
  formatSol: (lamports: bigint) => string,
): ToastText | null {
  if (isVaultEvent(event)) return vaultToast(event, viewerId, formatSol);
  switch (event.type) {
    case 'new_post': {
      if (event.data.author.id === viewerId) return null;
      const username = event.data.author.username;
      return {
        title: t`New Post`,
        description: username ? t`${username} just posted` : t`Someone just posted`,
      };
    }
    case 'new_message': {
      const tip = BigInt(event.data.tipAmount);
      const amount = formatSol(tip);
      return {
        title: t`New Message`,
        description:
          tip > 0n ? t`You received a message with a ${amount} SOL tip` : t`You received a message`,
      };
    }
    case 'user_followed': {
      const followerName = event.data.followerName;
      return { title: t`New Follower`, description: t`${followerName} followed you` };
    }
    case 'comment_reply': {
      const replierName = event.data.replierName;
      return {
        title: t`New Reply`,
        description:
          event.data.on === 'comment'
            ? t`${replierName} replied to your comment`
            : t`${replierName} replied in your post’s comments`,
      };
    }
    case 'report_decided':
      return { title: t`Report Decided`, description: reportDecisionText(event.data.status) };
    case 'mentioned': {
      const authorName = event.data.authorName;
      return {
        title: t`New Mention`,
        description: event.data.commentId
          ? t`${authorName} mentioned you in a comment`
          : t`${authorName} mentioned you`,
      };
    }
    case 'poll_ended': {
      const votes = event.data.totalVotes;
      return {
        title: t`Poll Ended`,
        description: t`Your poll ended with ${plural(votes, { one: '# vote', other: '# votes' })}: see the results`,
      };
    }
    case 'messages_read':
    case 'activity':
      return null;
  }
}

type RepostEvent = Extract<RealtimeEvent, { type: 'post_reposted' | 'post_quoted' }>;

/** A repost or a quote of the viewer's post (only its author is sent one). */
function repostToast(event: RepostEvent): ToastText {
  if (event.type === 'post_reposted') {
    const reposterName = event.data.reposterName;
    return { title: t`New Repost`, description: t`${reposterName} reposted your post` };
  }
  const quoterName = event.data.quoterName;
  return { title: t`New Quote`, description: t`${quoterName} quoted your post` };
}

/** The page an event is about: the vault, the post, the inbox, the new follower's list. */
export function notificationHref(event: RealtimeEvent): string | null {
  switch (event.type) {
    case 'new_post':
      return `/posts/${encodeURIComponent(event.data.postId)}`;
    case 'vault_support':
    case 'vault_completed':
      return `/vaults/${encodeURIComponent(event.data.vaultId)}`;
    case 'mystery_vault_joined':
      return '/mystery-vaults';
    case 'mystery_vault_opened':
      return `/mystery-vaults?open=${encodeURIComponent(event.data.vaultId)}`;
    case 'time_capsule_opened':
      return `/posts/${encodeURIComponent(event.data.postId)}`;
    case 'new_message':
      return `/messages/${encodeURIComponent(event.data.senderAddress)}`;
    case 'user_followed':
      return `/profile/${encodeURIComponent(event.data.followerAddress)}`;
    case 'comment_reply':
      return `/posts/${encodeURIComponent(event.data.postId)}`;
    case 'report_decided':
      return '/reports';
    case 'mentioned':
      return `/posts/${encodeURIComponent(event.data.postId)}`;
    case 'poll_ended':
      return `/posts/${encodeURIComponent(event.data.postId)}`;
    case 'post_reposted':
      return `/posts/${encodeURIComponent(event.data.postId)}`;
    case 'post_quoted':
      return `/posts/${encodeURIComponent(event.data.quoteId)}`;
    case 'messages_read':
    case 'activity':
      return null;
  }
}

/**
 * Reconnect delay after the n-th consecutive failure: exponential from 1 s, capped at 30 s, with
 * full jitter so a server restart is not met by every client at the same instant.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
