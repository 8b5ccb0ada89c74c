import { sql, type SQL } from 'drizzle-orm';
import { notBlockedBy } from '../people/index.ts';
import { OWNER, type FoundTarget, type Q } from './repo.ts';
import { mysteryNotHidden } from './hides.ts';

/**
 * The reportable things as their reporter finds them: each is found only where the reporter
 * may see it, so a report never reads (nor copies into its snapshot) what the reporter could
 * not, and what they may not see answers as what does not exist.
 */

interface ContentRow extends Record<string, unknown> {
  id: string;
  owner_id: string;
  post_id: string | null;
  body: string | null;
  image_key: string | null;
  audio_key: string | null;
  created_at: Date | null;
  address: string;
  name: string | null;
}

const mediaUrl = (key: string | null): string | null => (key ? `/media/${key}` : null);

function targetOf(row: ContentRow | undefined): FoundTarget | null {
  if (!row) return null;
  return {
    targetId: row.id,
    ownerId: row.owner_id,
    postId: row.post_id === null ? null : BigInt(row.post_id),
    snapshot: {
      body: row.body,
      imageUrl: mediaUrl(row.image_key),
      audioUrl: mediaUrl(row.audio_key),
      createdAt: row.created_at ? new Date(row.created_at).toISOString() : null,
      authorAddress: row.address,
      authorName: row.name,
    },
    mediaKeys: [row.image_key, row.audio_key].filter((key): key is string => key !== null),
  };
}

/** The reporter, as a row the visibility rules below name (`viewer.id`). */
const viewer = (reporterId: string): SQL => sql`(select ${reporterId}::uuid as id) viewer`;

/**
 * A post as every read decides who sees it: live for the viewer by the feed's own rule, its SQL
 * function live_post_author (modules/feed/sql: not expired, and moderation's hides move the
 * expiry; not an escrow vault post still pending, decision 009, unless the viewer wrote it), and
 * not by a wallet the viewer blocked. The feed imports this slice (its deletion job's freeze), so
 * its TypeScript face is out of reach; its SQL function is not, and one post's row is all it
 * reads here. A sealed time capsule is left out as well: nothing of it is there to report yet.
 */
function postVisible(now: Date): SQL {
  return sql`live_post_author(m.id, viewer.id, ${now}::timestamptz) is not null
    and ${sql.raw(notBlockedBy('viewer.id', 'm.author_id'))}
    and (m.kind <> 'capsule' or m.opened_at is not null)`;
}

/** A post its reporter can see now. */
export async function findPost(
  db: Q,
  args: { id: bigint; reporterId: string; now: Date },
): Promise<FoundTarget | null> {
  const { rows } = await db.execute<ContentRow>(
    sql`select m.id::text as id, m.author_id as owner_id, m.id::text as post_id, m.body,
          m.image_key, m.audio_key, m.created_at, ${OWNER}
        from messages m join users u on u.id = m.author_id, ${viewer(args.reporterId)}
        where m.id = ${args.id} and ${postVisible(args.now)}`,
  );
  return targetOf(rows[0]);
}

/**
 * A comment its reporter can see now: on a post they can see, and not by a wallet they blocked
 * (the comment list leaves those out for them).
 */
export async function findComment(
  db: Q,
  args: { id: bigint; reporterId: string; now: Date },
): Promise<FoundTarget | null> {
  const { rows } = await db.execute<ContentRow>(
    sql`select c.id::text as id, c.author_id as owner_id, m.id::text as post_id, c.body,
          null as image_key, null as audio_key, c.created_at, ${OWNER}
        from comments c join messages m on m.id = c.message_id
          join users u on u.id = c.author_id, ${viewer(args.reporterId)}
        where c.id = ${args.id} and ${postVisible(args.now)}
          and ${sql.raw(notBlockedBy('viewer.id', 'c.author_id'))}`,
  );
  return targetOf(rows[0]);
}

/**
 * A mystery vault as its page shows it to the reporter (not hidden by moderation). The snapshot
 * holds what the reporter could read: its title and teaser, and its content and media only once
 * it has opened (before that they are its creator's alone, and a report must not reveal them).
 */
export async function findMystery(db: Q, id: bigint): Promise<FoundTarget | null> {
  const opened = sql`mv.opened_at is not null`;
  const { rows } = await db.execute<ContentRow>(
    sql`select mv.id::text as id, mv.creator_id as owner_id, null as post_id,
          concat_ws(E'\n\n', mv.title, mv.teaser,
            case when ${opened} and mv.body <> '' then mv.body end) as body,
          case when ${opened} then mv.image_key end as image_key,
          case when ${opened} then mv.audio_key end as audio_key,
          mv.created_at, ${OWNER}
        from mystery_vaults mv join users u on u.id = mv.creator_id
        where mv.id = ${id} and ${sql.raw(mysteryNotHidden('mv.id'))}`,
  );
  return targetOf(rows[0]);
}

/** A direct message the reporter received. */
export async function findReceivedMessage(
  db: Q,
  id: bigint,
  recipientId: string,
): Promise<FoundTarget | null> {
  const { rows } = await db.execute<ContentRow>(
    sql`select d.id::text as id, d.sender_id as owner_id, null as post_id, d.body, d.image_key,
          d.audio_key, d.created_at, ${OWNER}
        from direct_messages d join users u on u.id = d.sender_id
        where d.id = ${id} and d.recipient_id = ${recipientId}`,
  );
  return targetOf(rows[0]);
}

export async function findWallet(db: Q, address: string): Promise<FoundTarget | null> {
  const { rows } = await db.execute<ContentRow>(
    sql`select u.id::text as id, u.id as owner_id, null as post_id, u.bio as body,
          null as image_key, null as audio_key, u.created_at, ${OWNER}
        from users u where u.sol_address = ${address}`,
  );
  return targetOf(rows[0]);
}
