import { sql } from 'drizzle-orm';
import type { Tx } from '../emissions/index.ts';

/**
 * A moderator's removal of a reported wallet's own content, its profile (display name, picture,
 * bio), run in the decision's transaction (the composition root hands it to the moderation
 * slice, which this one imports). Answers the files to delete: none.
 */
export async function clearReportedProfile(
  tx: Pick<Tx, 'execute'>,
  userId: string,
): Promise<string[]> {
  await tx.execute(
    sql`update users set display_name = null, avatar_url = null, bio = null where id = ${userId}`,
  );
  return [];
}
