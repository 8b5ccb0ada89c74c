import type { Db } from '../../../db/database.ts';
import { readRecentActivity } from './repo.ts';

/** Live Activity, newest first. */
export async function getRecentActivity(db: Db, limit: number) {
  const rows = await readRecentActivity(db, limit);
  return {
    items: rows.map((row) => ({
      id: row.id.toString(),
      type: row.type,
      message: row.message,
      params: row.params ?? null,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
