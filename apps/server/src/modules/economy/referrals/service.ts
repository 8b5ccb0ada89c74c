import { AppError } from '@dum/core';
import type { Db } from '../../../db/database.ts';
import { generateReferralCode } from '../../auth/index.ts';
import { countReferrals, readReferralCode, sumReferrerEarnings } from './repo.ts';

/**
 * Gives the user this code unless they have one; answers false, writing nothing, when another
 * wallet holds it. The code is a column of users: the users slice writes it, and the
 * composition root (app.ts) hands its function in, since users imports this slice.
 */
export type GiveReferralCode = (userId: string, code: string) => Promise<boolean>;

/** The user's code, handing one out if they have none yet (unique; drawn again on a collision). */
export async function ensureReferralCode(
  db: Db,
  giveCode: GiveReferralCode,
  userId: string,
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await readReferralCode(db, userId);
    if (!row) throw new AppError('unauthorized');
    if (row.code) return row.code;
    await giveCode(userId, generateReferralCode());
  }
  throw new Error('could not hand out a unique referral code');
}

/** The user's code and the link that opens the app with it (`?ref=code`). */
export async function getReferralLink(
  db: Db,
  giveCode: GiveReferralCode,
  input: { userId: string; appOrigin: string },
): Promise<{ code: string; link: string }> {
  const code = await ensureReferralCode(db, giveCode, input.userId);
  const link = new URL('/', input.appOrigin);
  link.searchParams.set('ref', code);
  return { code, link: link.toString() };
}

/** How many wallets the user referred and what that earned them (base units, a string). */
export async function getReferralStats(
  db: Db,
  userId: string,
): Promise<{ total_referrals: number; total_earnings: string }> {
  const totalReferrals = await countReferrals(db, userId);
  const totalEarnings = await sumReferrerEarnings(db, userId);
  return { total_referrals: totalReferrals, total_earnings: totalEarnings ?? '0' };
}
