import { TIP_REWARD_MIN_LAMPORTS, type ConversationFolder, type Mention } from '@dum/core';
import type pg from 'pg';
import type { Queryable } from '../../db/prepared.ts';
import { USER_SUMMARY_COLUMNS, type UserSummaryRow } from '../../db/user-summary.ts';
import { notBlockedBy, notBlockedEitherWay } from '../people/index.ts';
import { trustedSenderSql } from '../trust/index.ts';

/**
 * The direct messages' SQL. Reads are single named statements on the pool; writes run inside
 * the caller's transaction. Lamports travel as text and become bigint in the service.
 */

export interface DmRow {
  id: string;
  sender_id: string;
  recipient_id: string;
  body: string;
  image_key: string | null;
  audio_key: string | null;
  tip_lamports: string | null;
  tip_signature: string | null;
  created_at: Date;
  read_at: Date | null;
  /** The body's mentions, resolved when it was sent. */
  mentions: Mention[];
}

const DM_COLUMNS = `m.id::text as id, m.sender_id, m.recipient_id, m.body, m.image_key,
  m.audio_key, m.tip_lamports::text as tip_lamports, m.tip_signature, m.created_at, m.read_at,
  m.mentions`;

/** The wallet's user, or null when no user has it. */
export async function readUserByAddress(
  db: Queryable,
  address: string,
): Promise<UserSummaryRow | null> {
  const result = await db.query<UserSummaryRow>({
    name: 'dm_user_by_address',
    text: `select ${USER_SUMMARY_COLUMNS} from users u where u.sol_address = $1`,
    values: [address],
  });
  return result.rows[0] ?? null;
}

export interface DmToInsert {
  senderId: string;
  recipientId: string;
  body: string;
  imageKey: string | null;
  audioKey: string | null;
  tip: { lamports: bigint; signature: string } | null;
  now: Date;
  /**
   * The sender is trusted (modules/trust): its message reaches an inbox without a follow. Null:
   * the statement reads it (trust's trustedSenderSql), where the policy alone did not decide.
   */
  senderTrusted: boolean | null;
  /** The body's mentions (people's resolveMentions). */
  mentions?: Mention[];
}

/** A message as written, with the recipient's folder for its conversation after it. */
export interface InsertedDmRow extends DmRow {
  recipient_folder: ConversationFolder;
}

/**
 * The CTE `c` that writes both participants' conversation rows for the message in `m`, and the
 * select that answers the message with the recipient's folder. The rows are written in user-id
 * order, so two messages of one pair sent both ways at once take the rows' locks in the same
 * order. The recipient's new row is a request unless they follow the sender (people's
 * follows_wallet) or `trusted` (a parameter such as `$9`) is true; the sender's row is in the
 * inbox (writing is accepting). A request already there moves to the inbox by the same rule; an
 * inbox or declined row stays.
 */
function conversationRowsSql(trusted: string): { cte: string; answer: string } {
  return {
    cte: `c as (
        insert into conversations
          (user_id, peer_id, last_message_id, updated_at, unread_count, folder)
        select p.user_id, p.peer_id, m.id, m.created_at, p.unread, p.folder
        from m cross join lateral (values
          (m.sender_id, m.recipient_id, 0, 'inbox'),
          (m.recipient_id, m.sender_id, 1,
            case when ${trusted} or follows_wallet(m.recipient_id, m.sender_id)
              then 'inbox' else 'requests' end)) as p(user_id, peer_id, unread, folder)
        order by p.user_id
        on conflict (user_id, peer_id) do update set
          last_message_id = excluded.last_message_id,
          updated_at = excluded.updated_at,
          unread_count = conversations.unread_count + excluded.unread_count,
          -- The row that gains no unread message is the sender's.
          folder = case
            when excluded.unread_count = 0 then 'inbox'
            when conversations.folder = 'requests' then excluded.folder
            else conversations.folder end
        returning user_id, folder
      )`,
    answer: `select ${DM_COLUMNS},
        (select c.folder from c where c.user_id = m.recipient_id) as recipient_folder
      from m`,
  };
}

/** `$9`, or the sender's stored trust where `$9` is null (the statements' sender is `$1`). */
const SENDER_TRUSTED = `coalesce($9::boolean, ${trustedSenderSql('$1::uuid')})`;

/**
 * Writes the message and both participants' conversation rows in one statement, unless either
 * wallet blocked the other (null, nothing written): the recipient's unread count goes up by one.
 */
export async function insertMessage(db: Queryable, dm: DmToInsert): Promise<InsertedDmRow | null> {
  const rows = conversationRowsSql(SENDER_TRUSTED);
  const result = await db.query<InsertedDmRow>({
    name: 'dm_insert',
    text: `with m as (
        insert into direct_messages
          (sender_id, recipient_id, body, image_key, audio_key, tip_lamports, tip_signature,
           created_at, mentions)
        select $1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::bigint, $7::text,
          $8::timestamptz, $10::jsonb
        where ${notBlockedEitherWay('$1::uuid', '$2::uuid')}
        returning *
      ), ${rows.cte}
      ${rows.answer}`,
    values: [
      dm.senderId,
      dm.recipientId,
      dm.body,
      dm.imageKey,
      dm.audioKey,
      dm.tip?.lamports.toString() ?? null,
      dm.tip?.signature ?? null,
      dm.now,
      dm.senderTrusted,
      JSON.stringify(dm.mentions ?? []),
    ],
  });
  return result.rows[0] ?? null;
}

/**
 * A tipped message without uploads, in one statement: spends the tip's signature, writes the
 * message and both conversation rows (as insertMessage) and queues the sender's `tip` reward for
 * the sequencer through emissions' queue_rewarded_event (a tip below TIP_REWARD_MIN_LAMPORTS is
 * delivered but earns nothing). Nothing is written, and null answered, when the signature was
 * spent before or either wallet blocked the other.
 * One statement is one transaction: none of it happens without the rest.
 */
export async function insertTippedMessage(
  db: Queryable,
  dm: DmToInsert & { tip: { lamports: bigint; signature: string }; tipPurpose: string },
): Promise<InsertedDmRow | null> {
  const rows = conversationRowsSql(SENDER_TRUSTED);
  const result = await db.query<InsertedDmRow>({
    name: 'dm_insert_tipped',
    // The signature is spent only when the message may be written (case evaluates in order);
    // spend_transfer_signature is the payments slice's.
    text: `with spent as (
        select $5::text as signature
        where case when ${notBlockedEitherWay('$1::uuid', '$2::uuid')}
          then spend_transfer_signature($5::text, 'tip', $8::text, $6::timestamptz)
          else false end
      ), m as (
        insert into direct_messages
          (sender_id, recipient_id, body, image_key, audio_key, tip_lamports, tip_signature,
           created_at, mentions)
        select $1::uuid, $2::uuid, $3::text, null, null, $4::bigint, spent.signature,
          $6::timestamptz, $10::jsonb
        from spent
        returning *
      ), ${rows.cte}, queued as (
        select queue_rewarded_event('tip', m.sender_id, m.recipient_id, m.tip_signature,
          m.created_at)
        from m where m.tip_lamports >= $7::bigint
      )
      ${rows.answer}
        -- A select runs only when read: joined, so the reward is queued.
        left join queued on true`,
    values: [
      dm.senderId,
      dm.recipientId,
      dm.body,
      dm.tip.lamports.toString(),
      dm.tip.signature,
      dm.now,
      TIP_REWARD_MIN_LAMPORTS.toString(),
      dm.tipPurpose,
      dm.senderTrusted,
      JSON.stringify(dm.mentions ?? []),
    ],
  });
  return result.rows[0] ?? null;
}

export async function readMessageByTipSignature(
  pool: pg.Pool,
  signature: string,
): Promise<DmRow | null> {
  const result = await pool.query<DmRow>({
    name: 'dm_by_tip_signature',
    text: `select ${DM_COLUMNS} from direct_messages m where m.tip_signature = $1`,
    values: [signature],
  });
  return result.rows[0] ?? null;
}

/** The messages between two wallets, newest first, with ids below `beforeId` (if given). */
export async function readThread(
  pool: pg.Pool,
  args: { userId: string; peerId: string; beforeId: bigint | null; limit: number },
): Promise<DmRow[]> {
  const result = await pool.query<DmRow>({
    name: 'dm_thread',
    text: `select ${DM_COLUMNS} from direct_messages m
      where least(m.sender_id, m.recipient_id) = least($1::uuid, $2::uuid)
        and greatest(m.sender_id, m.recipient_id) = greatest($1::uuid, $2::uuid)
        and ($3::bigint is null or m.id < $3::bigint)
      order by m.id desc
      limit $4`,
    values: [args.userId, args.peerId, args.beforeId?.toString() ?? null, args.limit],
  });
  return result.rows;
}

export interface ConversationRow extends DmRow {
  peer_id: string;
  peer_address: string;
  peer_username: string | null;
  peer_display_name: string | null;
  peer_avatar_url: string | null;
  peer_is_verified: boolean;
  unread_count: number;
  updated_at: Date;
}

/**
 * The user's conversations in one folder, most recent first (ties by peer id), after the
 * (updatedAt, peerId) position when given, each with its peer and its latest message. A request
 * from a wallet the user has blocked is not listed (it shows again if they unblock it).
 */
export async function readConversations(
  pool: pg.Pool,
  args: {
    userId: string;
    folder: ConversationFolder;
    after: { updatedAt: Date; peerId: string } | null;
    limit: number;
  },
): Promise<ConversationRow[]> {
  const result = await pool.query<ConversationRow>({
    name: 'dm_conversations',
    text: `select ${DM_COLUMNS}, c.peer_id, u.sol_address as peer_address,
        u.username as peer_username, u.display_name as peer_display_name,
        u.avatar_url as peer_avatar_url, u.is_verified as peer_is_verified,
        c.unread_count, c.updated_at
      from conversations c
        join users u on u.id = c.peer_id
        join direct_messages m on m.id = c.last_message_id
      where c.user_id = $1 and c.folder = $5
        and (c.folder <> 'requests' or ${notBlockedBy('c.user_id', 'c.peer_id')})
        and ($2::timestamptz is null or (c.updated_at, c.peer_id) < ($2::timestamptz, $3::uuid))
      order by c.updated_at desc, c.peer_id desc
      limit $4`,
    values: [
      args.userId,
      args.after?.updatedAt ?? null,
      args.after?.peerId ?? null,
      args.limit,
      args.folder,
    ],
  });
  return result.rows;
}

/**
 * Messages to the user not read yet over the inbox's conversations (the nav's badge), and the
 * conversations waiting in Requests (as listed: not those of wallets the user blocked).
 */
export async function readCounts(
  pool: pg.Pool,
  userId: string,
): Promise<{ unread: number; requests: number }> {
  const result = await pool.query<{ unread: number; requests: number }>({
    name: 'dm_counts',
    text: `select coalesce(sum(c.unread_count) filter (where c.folder = 'inbox'), 0)::int as unread,
        count(*) filter (
          where c.folder = 'requests' and ${notBlockedBy('c.user_id', 'c.peer_id')}
        )::int as requests
      from conversations c where c.user_id = $1 and c.folder in ('inbox', 'requests')`,
    values: [userId],
  });
  return result.rows[0] ?? { unread: 0, requests: 0 };
}

/**
 * Marks the user's unread messages from the peer read at `now`, in the caller's transaction,
 * when the conversation is in their inbox: a request stays unread, so its sender learns nothing
 * until it is accepted. The user's conversation row is locked first (a message being sent to
 * them waits, or is waited for), so its unread count and the messages' read_at agree at every
 * commit.
 */
export async function markConversationRead(
  db: Queryable,
  args: { userId: string; peerId: string; now: Date },
): Promise<number> {
  const inbox = await db.query({
    name: 'dm_reset_unread',
    text: `update conversations set unread_count = 0
      where user_id = $1 and peer_id = $2 and folder = 'inbox'`,
    values: [args.userId, args.peerId],
  });
  if (inbox.rowCount === 0) return 0;
  const marked = await db.query({
    name: 'dm_mark_read',
    text: `update direct_messages set read_at = $3
      where recipient_id = $1 and sender_id = $2 and read_at is null`,
    values: [args.userId, args.peerId, args.now],
  });
  return marked.rowCount ?? 0;
}

/** The user's folder for the conversation with the peer; null while neither wrote. */
export async function readFolder(
  db: Queryable,
  args: { userId: string; peerId: string },
): Promise<ConversationFolder | null> {
  const result = await db.query<{ folder: ConversationFolder }>({
    name: 'dm_folder',
    text: `select folder from conversations where user_id = $1 and peer_id = $2`,
    values: [args.userId, args.peerId],
  });
  return result.rows[0]?.folder ?? null;
}

/**
 * Moves the user's conversation with the peer to `folder` when it is in one of `from`: the
 * folder it is in afterwards, or null when there is no conversation.
 */
export async function moveConversation(
  db: Queryable,
  args: {
    userId: string;
    peerId: string;
    folder: ConversationFolder;
    from: readonly ConversationFolder[];
  },
): Promise<ConversationFolder | null> {
  const result = await db.query<{ folder: ConversationFolder }>({
    name: 'dm_move_conversation',
    text: `with moved as (
        update conversations set folder = $3
        where user_id = $1 and peer_id = $2 and folder = any($4::text[])
        returning folder
      )
      select folder from moved
      union all
      select folder from conversations
      where user_id = $1 and peer_id = $2 and not exists (select 1 from moved)`,
    values: [args.userId, args.peerId, args.folder, args.from],
  });
  return result.rows[0]?.folder ?? null;
}
