import { randomInt } from 'node:crypto';

/** Unambiguous characters (no 0/O, 1/I/l). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A new referral code. It lives with sign-in because a wallet's user row is created there with
 * its code; the referrals (modules/economy) hand one to older rows through this slice's face.
 */
export function generateReferralCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET.charAt(randomInt(ALPHABET.length));
  return code;
}
