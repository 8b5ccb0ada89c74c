import type { Queryable } from '../../db/prepared.ts';
import { generateReferralCode } from './referral-code.ts';

/** A wallet's user: its id and address. */
export interface WalletUser {
  id: string;
  solAddress: string;
}

/**
 * The wallet's user, created as a first sign-in creates it (a fresh referral code, no referrer)
 * when there is none: for a caller that has proof the wallet acts (a confirmed transaction it
 * signed, such as a blink's support: modules/actions) but no sign-in. The caller checks that
 * proof first.
 * One statement per attempt; a lost race (a concurrent creation, a referral-code collision)
 * writes nothing and is tried again.
 */
export async function ensureWalletUser(db: Queryable, address: string): Promise<WalletUser> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const { rows } = await db.query<{ id: string }>({
      name: 'auth_ensure_wallet_user',
      text: `with created as (
         select (w.u).user_id as id from (select create_wallet_user($1, $2, null) as u) w
       )
       select id from created
       union all
       select id from users where sol_address = $1
       limit 1`,
      values: [address, generateReferralCode()],
    });
    const row = rows[0];
    if (row) return { id: row.id, solAddress: address };
  }
  throw new Error('could not create the wallet user after 4 attempts');
}
