import type pg from 'pg';
import { notBlockedEitherWay } from '../people/index.ts';

/** Quote posts in SQL: the quoted post's summary as every viewer sees it, and a new quote's target. */

/** A post's author as a post's row and a quoted post's carry them. */
export interface AuthorColumns {
  author_id: string;
  sol_address: string;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  is_verified: boolean;
}

/**
 * A quoted post as every viewer sees it, built in SQL (quotedColumn). A locked vault's media
 * and a sealed capsule's text and media are never put in it: the row carries only what
 * anyone may see, so no cache or viewer can leak them.
 */
export interface QuotedRow extends AuthorColumns {
  id: string;
  kind: 'public' | 'vault' | 'capsule';
  body: string;
  created_at: string;
  image_key: string | null;
  image_alt: string | null;
  audio_key: string | null;
  unlock_at: string | null;
  locked: boolean;
}

/**
 * SQL: the quoted post of `m` (quote posts only; others pay nothing, the subquery runs only on
 * the CASE's branch) as JSON, or null when it is gone (deleted, expired, hidden by moderation,
 * or an escrow vault post still pending). $1 is the statement's now. Its lock state is decided
 * here: an active vault with media, or a capsule not yet opened, carries no body or media.
 */
export const QUOTED_COLUMN = `case when m.quote_of is null then null else (
    select json_build_object('id', q.id::text, 'kind', q.kind,
      'body', case when qs.sealed then '' else q.body end,
      'created_at', q.created_at,
      'image_key', case when qs.locked then null else q.image_key end,
      'image_alt', case when qs.locked then null else q.image_alt end,
      'audio_key', case when qs.locked then null else q.audio_key end,
      'unlock_at', case when qs.sealed then q.unlock_at end,
      'locked', qs.locked, 'author_id', qu.id, 'sol_address', qu.sol_address,
      'username', qu.username, 'display_name', qu.display_name, 'avatar_url', qu.avatar_url,
      'is_verified', qu.is_verified)
    from messages q join users qu on qu.id = q.author_id
    cross join lateral (select q.kind = 'capsule' and q.opened_at is null as sealed,
      (q.kind = 'capsule' and q.opened_at is null)
        or (q.kind = 'vault' and (q.image_key is not null or q.audio_key is not null)
          and coalesce((select qv.status from vaults qv where qv.message_id = q.id), 'active')
            = 'active') as locked) qs
    where q.id = m.quote_of and (q.expires_at is null or q.expires_at > $1)
      and (q.kind <> 'vault' or not exists (
        select 1 from vaults qpv join escrow_vaults qpe on qpe.vault_id = qpv.id
        where qpv.message_id = q.id and qpe.state = 'pending'))
  ) end as quoted`;

/**
 * The post a new quote post would quote, as every viewer sees it (QUOTED_COLUMN), with whether
 * a block stands between it and the quoting wallet (either way); null when it cannot be read.
 * $1 now, $2 the post, $3 the quoting wallet.
 */
export async function readQuoteTarget(
  pool: Pick<pg.Pool, 'query'>,
  args: { now: Date; id: bigint; userId: string },
): Promise<{ quoted: QuotedRow; blocked: boolean } | null> {
  const result = await pool.query<{ quoted: QuotedRow | null; blocked: boolean }>({
    name: 'feed_quote_target',
    text: `select ${QUOTED_COLUMN},
        exists (select 1 from messages bm where bm.id = $2
          and not ${notBlockedEitherWay('$3::uuid', 'bm.author_id')}) as blocked
      from (select $2::bigint as quote_of) m`,
    values: [args.now, args.id.toString(), args.userId],
  });
  const row = result.rows[0];
  return row?.quoted ? { quoted: row.quoted, blocked: row.blocked } : null;
}
