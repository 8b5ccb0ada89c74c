import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/**
 * A fixed-window counter in the database (rate_limit_windows), so every instance counts against
 * the same limit without Redis. One upsert per call: the count after it says whether this call
 * is within the limit. Calls past the limit are counted too (they cost the caller nothing more).
 */
export async function takeRateLimitSlot(
  db: Db,
  args: { key: string; limit: number; windowMs: number; now: Date },
): Promise<boolean> {
  const windowStart = new Date(Math.floor(args.now.getTime() / args.windowMs) * args.windowMs);
  const result = await db.execute<{ count: number }>(
    sql`insert into rate_limit_windows (key, window_start, count)
        values (${args.key}, ${windowStart}, 1)
        on conflict (key, window_start) do update set count = rate_limit_windows.count + 1
        returning count`,
  );
  return (result.rows[0]?.count ?? Infinity) <= args.limit;
}
