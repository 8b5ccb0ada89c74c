import { AppError } from '@dum/core';
import type { Db } from '../../../db/database.ts';
import { generateReferralCode } from '../../auth/index.ts';
import {
  countReferrals,
  readReferralCode,
  setReferralCodeIfNone,
  sumReferrerEarnings,
} from './repo.ts';

/** The user's code, handing one out if they have none yet (unique; retried on a collision). */
export async function ensureReferralCode(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await readReferralCode(db, userId);
    if (!row) throw new AppError('unauthorized');
    if (row.code) return row.code;
    try {
      await setReferralCodeIfNone(db, userId, generateReferralCode());
    } catch (error) {
      // A unique violation: another wallet holds that code; draw again.
      if ((error as { cause?: { code?: string } }).cause?.code !== '23505') throw error;
    }
  }
  throw new Error('could not hand out a unique referral code');
}

/** The user's code and the link that opens the app with it (`?ref=code`). */
export async function getReferralLink(
  db: Db,
  input: { userId: string; appOrigin: string },
): Promise<{ code: string; link: string }> {
  const code = await ensureReferralCode(db, input.userId);
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
