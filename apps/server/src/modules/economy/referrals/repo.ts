import { and, count, eq, sum } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { emissionLedger, users } from '../../../db/schema.ts';

/** The user's referral code (null: none yet), or undefined when there is no such user. */
export async function readReferralCode(
  db: Db,
  userId: string,
): Promise<{ code: string | null } | undefined> {
  const [row] = await db
    .select({ code: users.referralCode })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** How many wallets joined with this user's code. */
export async function countReferrals(db: Db, userId: string): Promise<number> {
  const [referred] = await db
    .select({ n: count() })
    .from(users)
    .where(eq(users.referredById, userId));
  return referred?.n ?? 0;
}

/** What this user earned as a referrer, in base units (a decimal string; null: nothing). */
export async function sumReferrerEarnings(db: Db, userId: string): Promise<string | null> {
  const [earned] = await db
    .select({ total: sum(emissionLedger.amount) })
    .from(emissionLedger)
    .where(
      and(eq(emissionLedger.recipientId, userId), eq(emissionLedger.kind, 'referral_referrer')),
    );
  return earned?.total ?? null;
}
