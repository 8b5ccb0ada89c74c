import { AppError, formatAddress } from '@dum/core';
import { announceAfterCommit } from '../../realtime/index.ts';
import { parseId } from './cursor.ts';
import type { FeedDeps, Viewer } from './deps.ts';
import { readQuoteTarget, type QuotedRow } from './quote-repo.ts';
import type { PostRow } from './repo.ts';

/**
 * Quote posts: a post that carries another (`quoteOf`). The quoted post is read as every viewer
 * sees it (repo.ts QUOTED_COLUMN), so a locked vault's media and a sealed capsule's content are
 * never in a quote; once the original is gone the quote shows `quotedUnavailable`.
 */

/** The post a new post quotes, checked. */
export interface QuoteTarget {
  postId: string;
  authorId: string;
  /** The quoted post as the new quote shows it. */
  quoted: QuotedRow;
}

/**
 * Checks `quoteOf`: only a public post may quote (a vault or a capsule keeps its own content
 * alone), the id must be a post id (400), the post readable now (404 `post_not_found`), and no
 * block between its author and the quoting wallet, either way (403 `blocked`).
 */
export async function checkQuote(
  deps: FeedDeps,
  author: Viewer,
  quoteOf: string | null | undefined,
  kind: 'public' | 'vault' | 'capsule',
): Promise<QuoteTarget | null> {
  if (quoteOf === null || quoteOf === undefined || quoteOf === '') return null;
  if (kind !== 'public') {
    throw new AppError('validation_failed', { message: 'Only a public post can quote a post' });
  }
  const id = parseId(quoteOf, 'post');
  const target = await readQuoteTarget(deps.pool, {
    now: deps.clock.now(),
    id,
    userId: author.id,
  });
  if (!target) throw new AppError('post_not_found');
  if (target.blocked) throw new AppError('blocked');
  return { postId: id.toString(), authorId: target.quoted.author_id, quoted: target.quoted };
}

/** The new quote post's row with its quoted post (the insert answers none). */
export function withQuoted(row: PostRow, quote: QuoteTarget | null): PostRow {
  return quote ? { ...row, quoted: quote.quoted } : row;
}

/** Tells the quoted post's author (never for a quote of one's own post). */
export async function announceQuote(
  deps: FeedDeps,
  quoter: Viewer,
  row: PostRow,
  quote: QuoteTarget | null,
): Promise<void> {
  if (!quote || quote.authorId === quoter.id) return;
  await announceAfterCommit(
    deps,
    { kind: 'users', userIds: [quote.authorId] },
    {
      type: 'post_quoted',
      data: {
        postId: quote.postId,
        quoteId: row.id,
        quoterName: row.display_name ?? row.username ?? formatAddress(row.sol_address),
        quoterAddress: row.sol_address,
      },
    },
  );
}
