import { and, count, desc, eq, lt, sum } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { emissionLedger } from '../../../db/schema.ts';

/** What a wallet has earned, summed per ledger kind (in kind order). */
export async function readEarningsByKind(db: Db, userId: string) {
  return db
    .select({ kind: emissionLedger.kind, amount: sum(emissionLedger.amount), count: count() })
    .from(emissionLedger)
    .where(eq(emissionLedger.recipientId, userId))
    .groupBy(emissionLedger.kind)
    .orderBy(emissionLedger.kind);
}

/** A page of a wallet's ledger rows, newest first, before the row `beforeId` if given. */
export async function readEarningsPage(
  db: Db,
  input: { userId: string; kind: string | undefined; beforeId: bigint | undefined; limit: number },
) {
  return db
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
        eq(emissionLedger.recipientId, input.userId),
        input.kind ? eq(emissionLedger.kind, input.kind) : undefined,
        input.beforeId === undefined ? undefined : lt(emissionLedger.id, input.beforeId),
      ),
    )
    .orderBy(desc(emissionLedger.id))
    .limit(input.limit);
}
