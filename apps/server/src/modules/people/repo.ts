import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { blocks } from '../../db/schema.ts';

/** Whether either wallet has blocked the other. */
export async function isBlockedEitherWay(db: Db, userA: string, userB: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, userA), eq(blocks.blockedId, userB)),
        and(eq(blocks.blockerId, userB), eq(blocks.blockedId, userA)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
