import { sql, type SQL } from 'drizzle-orm';
import type { ContentOwners } from './owners.ts';
import type { Q } from './repo.ts';

/**
 * What moderation hides from every reader, pending review (the automatic hide) or while its
 * wallet is suspended: posts, by moving their expiry (every read already leaves out what has
 * expired), and mystery vaults, which have no expiry, by a row the mystery slice's reads leave
 * out (mysteryNotHidden).
 */

export type HideCause = 'auto_hide' | 'suspension';

/**
 * Hides posts from every reader: remembers each one's expiry, then has the feed move it to now
 * (readers leave out what has expired). A post hidden already stays as it was.
 */
export async function hidePosts(
  tx: Q,
  owners: Pick<ContentOwners, 'expirePosts'>,
  args: { where: SQL; cause: HideCause; now: Date },
): Promise<number> {
  const { rows } = await tx.execute<{ post_id: string }>(
    sql`with picked as (
          select m.id, m.expires_at from messages m
          where ${args.where} and (m.expires_at is null or m.expires_at > ${args.now})
            and not exists (select 1 from moderation_hidden_posts h where h.post_id = m.id)
          for update
        )
        insert into moderation_hidden_posts (post_id, cause, original_expires_at, hidden_at)
        select id, ${args.cause}, expires_at, ${args.now} from picked
        returning post_id::text as post_id`,
  );
  await owners.expirePosts(
    tx,
    rows.map((row) => row.post_id),
    args.now,
  );
  return rows.length;
}

export const postIs = (id: bigint): SQL => sql`m.id = ${id}`;
export const postsOf = (userId: string): SQL => sql`m.author_id = ${userId}`;

/** Gives hidden posts back their expiry (a free post past its 24 h stays gone). */
export async function unhidePosts(
  tx: Q,
  owners: Pick<ContentOwners, 'restorePostExpiries'>,
  args: { where: SQL; cause: HideCause },
): Promise<void> {
  const { rows } = await tx.execute<{ post_id: string; original_expires_at: string | null }>(
    sql`delete from moderation_hidden_posts h using messages m
        where h.post_id = m.id and h.cause = ${args.cause} and ${args.where}
        returning h.post_id::text as post_id, h.original_expires_at::text as original_expires_at`,
  );
  await owners.restorePostExpiries(
    tx,
    rows.map((row) => ({ postId: row.post_id, expiresAt: row.original_expires_at })),
  );
}

/** Whether a post is hidden by moderation now. */
export async function hiddenPostIds(tx: Q, ids: bigint[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await tx.execute<{ id: string }>(
    sql`select post_id::text as id from moderation_hidden_posts
        where post_id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * SQL (for the mystery slice's statements, which are plain text): true unless moderation hides
 * the mystery vault whose id is in `mystery` (a column such as `mv.id`). One probe of the hidden
 * table's primary key.
 */
export function mysteryNotHidden(mystery: string): string {
  return `not exists (select 1 from moderation_hidden_mysteries hidden_mystery
    where hidden_mystery.mystery_id = ${mystery})`;
}

export const mysteryIs = (id: bigint): SQL => sql`mv.id = ${id}`;
export const mysteriesOf = (userId: string): SQL => sql`mv.creator_id = ${userId}`;

/** Hides mystery vaults from every reader; one hidden already stays as it was. */
export async function hideMysteries(
  tx: Q,
  args: { where: SQL; cause: HideCause; now: Date },
): Promise<number> {
  const { rows } = await tx.execute(
    sql`insert into moderation_hidden_mysteries (mystery_id, cause, hidden_at)
        select mv.id, ${args.cause}, ${args.now} from mystery_vaults mv where ${args.where}
        on conflict (mystery_id) do nothing
        returning 1`,
  );
  return rows.length;
}

/** Ends the hides of this cause on these mystery vaults. */
export async function unhideMysteries(
  tx: Q,
  args: { where: SQL; cause: HideCause },
): Promise<void> {
  await tx.execute(
    sql`delete from moderation_hidden_mysteries h using mystery_vaults mv
        where h.mystery_id = mv.id and h.cause = ${args.cause} and ${args.where}`,
  );
}

/** Which of these mystery vaults moderation hides now. */
export async function hiddenMysteryIds(tx: Q, ids: bigint[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await tx.execute<{ id: string }>(
    sql`select mystery_id::text as id from moderation_hidden_mysteries
        where mystery_id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Wallets whose suspension is over (ended by time) but whose posts or mystery vaults are still
 * hidden by it: the periodic job gives them back.
 */
export async function endedSuspensionHides(db: Q, now: Date): Promise<string[]> {
  const { rows } = await db.execute<{ user_id: string }>(
    sql`select distinct hidden.user_id from (
          select m.author_id as user_id from moderation_hidden_posts h
            join messages m on m.id = h.post_id where h.cause = 'suspension'
          union all
          select mv.creator_id from moderation_hidden_mysteries h
            join mystery_vaults mv on mv.id = h.mystery_id where h.cause = 'suspension'
        ) hidden
        where not exists (
          select 1 from wallet_restrictions s where s.user_id = hidden.user_id
            and s.kind = 'suspension' and s.lifted_at is null
            and (s.ends_at is null or s.ends_at > ${now}))
        limit 100`,
  );
  return rows.map((row) => row.user_id);
}
