import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';

/** The public columns of the user with this wallet, or undefined. */
export async function readPublicUser(db: Db, solAddress: string) {
  const [user] = await db
    .select({
      id: users.id,
      solAddress: users.solAddress,
      username: users.username,
      displayName: users.displayName,
      avatarUrl: users.avatarUrl,
      isVerified: users.isVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.solAddress, solAddress));
  return user;
}
