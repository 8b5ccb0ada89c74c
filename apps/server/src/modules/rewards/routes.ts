import { LEDGER_ENTRY_KINDS } from '@dum/core';
import { and, count, desc, eq, lt, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { emissionLedger } from '../../db/schema.ts';
import { parseQuery } from '../../http/validate.ts';
import { requireUser } from '../auth/authenticate.ts';
import { readAccount, toView } from '../staking/service.ts';

const historyQuery = z.object({
  kind: z.enum(LEDGER_ENTRY_KINDS).optional(),
  /** The id of the last item of the previous page. */
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export function rewardsRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * GET /api/rewards/summary → the signed-in wallet's account and its earnings by kind
   * ({account, byKind: [{kind, amount, count}]}).
   */
  app.get('/api/rewards/summary', async (request) => {
    const user = requireUser(request);
    parseQuery(z.object({}), request.query);
    const db = ctx.database.db;
    const byKind = await db
      .select({ kind: emissionLedger.kind, amount: sum(emissionLedger.amount), count: count() })
      .from(emissionLedger)
      .where(eq(emissionLedger.recipientId, user.id))
      .groupBy(emissionLedger.kind)
      .orderBy(emissionLedger.kind);
    const account = await readAccount(db, user.id);
    return {
      account: toView(account, ctx.clock.now(), ctx.config.economy.stakingAprBps),
      stakingAprBps: ctx.config.economy.stakingAprBps,
      byKind: byKind.map((row) => ({
        kind: row.kind,
        amount: row.amount ?? '0',
        count: row.count,
      })),
    };
  });

  /** GET /api/rewards/history?kind=&cursor=&limit= → {items, nextCursor}, newest first. */
  app.get('/api/rewards/history', async (request) => {
    const user = requireUser(request);
    const query = parseQuery(historyQuery, request.query);
    const rows = await ctx.database.db
      .select({
        id: emissionLedger.id,
        kind: emissionLedger.kind,
        amount: emissionLedger.amount,
        eventIndex: emissionLedger.eventIndex,
        epoch: emissionLedger.epoch,
        createdAt: emissionLedger.createdAt,
      })
      .from(emissionLedger)
      .where(
        and(
          eq(emissionLedger.recipientId, user.id),
          query.kind ? eq(emissionLedger.kind, query.kind) : undefined,
          query.cursor ? lt(emissionLedger.id, BigInt(query.cursor)) : undefined,
        ),
      )
      .orderBy(desc(emissionLedger.id))
      .limit(query.limit);
    const last = rows.at(-1);
    return {
      items: rows.map((row) => ({
        id: row.id.toString(),
        kind: row.kind,
        amount: row.amount.toString(),
        eventIndex: row.eventIndex?.toString() ?? null,
        epoch: row.epoch,
        createdAt: row.createdAt.toISOString(),
      })),
      nextCursor: rows.length === query.limit && last ? last.id.toString() : null,
    };
  });
}
