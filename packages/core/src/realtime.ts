/**
 * The socket protocol (docs/api.md). The server sends `auth_success` once the
 * token is accepted, then typed events; payload fields are exactly those the spec's client reads.
 * Amounts are base-unit integer strings.
 */
export type RealtimeEvent =
  | {
      type: 'new_post';
      data: {
        postId: string;
        author: { id: string; username: string | null };
        /**
         * An addition to the spec's fields: the post's time (ISO) when it is new, so instances
         * keep the cached feed pages it cannot be on. Absent when an older post comes into
         * view (a capsule opening, an escrow vault reaching the chain).
         */
        createdAt?: string;
      };
    }
  | {
      type: 'vault_support';
      data: {
        vaultId: string;
        /** supporterId: null for an escrow deposit by a wallet no user signed in with. */
        support: { supporterId: string | null; amount: string };
      };
    }
  | { type: 'vault_completed'; data: { vaultId: string } }
  /** `amount` goes to the joiner and the creator only: the others would add up a hidden total. */
  | { type: 'mystery_vault_joined'; data: { vaultId: string; amount?: string } }
  | {
      type: 'new_message';
      /** senderAddress (an addition to the spec's fields) opens the thread from the toast. */
      data: { senderId: string; tipAmount: string; senderAddress: string };
    }
  | {
      type: 'user_followed';
      /** followerAddress (an addition to the spec's fields) links to the follower's profile. */
      data: { followingId: string; followerName: string; followerAddress: string };
    }
  | {
      /**
       * An addition to the spec's events: the recipient read the messages this wallet sent
       * them, so the sender's open thread shows them as read. Sent to the sender only.
       */
      type: 'messages_read';
      data: { readerId: string; readerAddress: string };
    }
  | {
      /**
       * An addition to the spec's events: a mystery vault opened (its target reached or its
       * timer ended). Sent to its creator and participants; the content is fetched, not sent.
       */
      type: 'mystery_vault_opened';
      data: { vaultId: string; title: string; reason: 'target' | 'timer' };
    }
  | {
      /**
       * An addition to the spec's events: a time capsule opened. Sent to its author's followers
       * and everyone who chose 'Notify me'; the content is fetched, not sent.
       */
      type: 'time_capsule_opened';
      data: { postId: string; authorId: string; authorName: string };
    }
  | {
      /**
       * An addition to the spec's events: a moderator decided a report this user filed (docs/api.md
       * "Moderation"). Sent to the reporter only.
       */
      type: 'report_decided';
      data: { reportId: string; status: 'dismissed' | 'removed' | 'suspended' };
    }
  | {
      /**
       * An addition to the spec's events: a post or comment mentions the recipient (docs/api.md
       * "Mentions"). `commentId` is null for a post; `authorName` is the writer's display name,
       * username or short address, as the item shows it.
       */
      type: 'mentioned';
      data: {
        postId: string;
        commentId: string | null;
        authorAddress: string;
        authorName: string;
      };
    }
  | {
      /**
       * A reply (docs/api.md "Replies"), sent to the post's author and to the author of the
       * comment it answers (`on`: whose it answered, 'comment' when both), never the replier.
       * `parentId` is the top comment the reply sits under.
       */
      type: 'comment_reply';
      data: {
        postId: string;
        commentId: string;
        parentId: string;
        on: 'post' | 'comment';
        replierName: string;
        replierAddress: string;
      };
    }
  | {
      /**
       * An addition to the spec's events: a poll ended (docs/api.md "Polls"). Sent to the
       * poll's author only, once; the results are fetched with the post.
       */
      type: 'poll_ended';
      data: { postId: string; totalVotes: number };
    }
  | {
      /**
       * An addition to the spec's events: a wallet reposted a post (docs/api.md "Reposts").
       * Sent to the post's author only, never for a repost of one's own post. Every instance
       * sees it on the bus and drops the reposter's followers' cached Following pages.
       */
      type: 'post_reposted';
      data: { postId: string; reposterId: string; reposterName: string; reposterAddress: string };
    }
  | {
      /**
       * An addition to the spec's events: a wallet quoted a post (docs/api.md "Quote posts").
       * Sent to the quoted post's author only, never for a quote of one's own post.
       */
      type: 'post_quoted';
      data: { postId: string; quoteId: string; quoterName: string; quoterAddress: string };
    }
  | {
      type: 'activity';
      data: { id: string; type: string; message: string; created_at: string };
    };

export type RealtimeEventType = RealtimeEvent['type'];

/** Who receives an event: everyone connected, or the sockets of these users. */
export type Audience = { kind: 'all' } | { kind: 'users'; userIds: string[] };

/**
 * What the socket sends. `eventId` is on events that must arrive at least once (the server's
 * outbox): one may then arrive twice, and a receiver keeps the first.
 */
export type ServerMessage =
  | { type: 'auth_success'; userId: string }
  | (RealtimeEvent & { timestamp: string; eventId?: string });

/** Close codes the client acts on. 1008 is the spec's authentication failure. */
export const SOCKET_CLOSE = {
  authFailed: 1008,
  tooBig: 1009,
  goingAway: 1001,
  /** Sent faster than allowed, or let the server's send buffer overflow. */
  rateLimited: 4008,
  slowConsumer: 4009,
  /** The session ended elsewhere (signed out, refresh family revoked). */
  sessionEnded: 4001,
} as const;
