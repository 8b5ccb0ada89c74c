import { randomInt } from 'node:crypto';
import { AppError } from '@dum/core';
import { and, count, eq, isNull, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { emissionLedger, users } from '../../db/schema.ts';
import { parseQuery } from '../../http/validate.ts';
import { requireUser } from '../auth/authenticate.ts';

/** Unambiguous characters (no 0/O, 1/I/l). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generateReferralCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The user's code, handing one out if they have none yet (unique; retried on a collision). */
export async function ensureReferralCode(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db
      .select({ code: users.referralCode })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw new AppError('unauthorized');
    if (row.code) return row.code;
    try {
      await db
        .update(users)
        .set({ referralCode: generateReferralCode() })
        .where(and(eq(users.id, userId), isNull(users.referralCode)));
    } catch (error) {
      // A unique violation: another wallet holds that code; draw again.
      if ((error as { cause?: { code?: string } }).cause?.code !== '23505') throw error;
    }
  }
  throw new Error('could not hand out a unique referral code');
}

export function referralRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** GET /api/referrals/code → {code, link}; the link opens the app with ?ref=code. */
  app.get('/api/referrals/code', async (request) => {
    const user = requireUser(request);
    parseQuery(z.object({}), request.query);
    const code = await ensureReferralCode(ctx.database.db, user.id);
    const link = new URL('/', ctx.config.appOrigin);
    link.searchParams.set('ref', code);
    return { code, link: link.toString() };
  });

  /** GET /api/referrals/stats → {total_referrals, total_earnings (base units, string)}. */
  app.get('/api/referrals/stats', async (request) => {
    const user = requireUser(request);
    parseQuery(z.object({}), request.query);
    const db = ctx.database.db;
    const [referred] = await db
      .select({ n: count() })
      .from(users)
      .where(eq(users.referredById, user.id));
    const [earned] = await db
      .select({ total: sum(emissionLedger.amount) })
      .from(emissionLedger)
      .where(
        and(eq(emissionLedger.recipientId, user.id), eq(emissionLedger.kind, 'referral_referrer')),
      );
    return { total_referrals: referred?.n ?? 0, total_earnings: earned?.total ?? '0' };
  });
}
