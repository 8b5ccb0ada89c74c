import type { FeedDeps } from './deps.ts';
import type { SharedCounter } from './repo.ts';
import { moveCount } from './shared-page.ts';

/**
 * Drops every shared page and row on this instance (a delete here; a vault or capsule event or
 * an older post coming into view from any instance): the next reads load them again.
 */
export function dropShared(deps: Pick<FeedDeps, 'pages' | 'rows'>): void {
  deps.pages.invalidate();
  deps.rows.invalidate();
}

/** A count this instance just moved, moved in the shared pages and rows that hold the post. */
export function moveSharedCount(
  deps: FeedDeps,
  postId: string,
  counter: SharedCounter,
  delta: number,
): void {
  deps.pages.patch((page) => moveCount(page, postId, counter, delta));
  deps.rows.moveCount(postId, counter, delta);
}
