import { desc } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { activity } from '../../../db/schema.ts';

/** The newest Live Activity lines (ties on time broken by id, newest first). */
export async function readRecentActivity(db: Db, limit: number) {
  return db
    .select({
      id: activity.id,
      type: activity.type,
      message: activity.message,
      params: activity.params,
      createdAt: activity.createdAt,
    })
    .from(activity)
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(limit);
}
