import { asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { emissionLedger, emissionState, users } from '../../db/schema.ts';

export async function readEmissionTotals(
  db: Db,
): Promise<{ totalEvents: bigint; totalMinted: bigint }> {
  const [row] = await db
    .select({ totalEvents: emissionState.totalEvents, totalMinted: emissionState.totalMinted })
    .from(emissionState)
    .where(eq(emissionState.id, 1));
  // The migration inserts the row; an empty table would mean a broken database, not a new one.
  if (!row) throw new Error('emission_state row is missing');
  return row;
}

export async function readLedgerPage(db: Db, after: bigint | undefined, limit: number) {
  return db
    .select({
      id: emissionLedger.id,
      eventIndex: emissionLedger.eventIndex,
      epoch: emissionLedger.epoch,
      amount: emissionLedger.amount,
      recipient: users.solAddress,
      kind: emissionLedger.kind,
      reference: emissionLedger.reference,
      createdAt: emissionLedger.createdAt,
    })
    .from(emissionLedger)
    .leftJoin(users, eq(users.id, emissionLedger.recipientId))
    .where(after === undefined ? undefined : gt(emissionLedger.id, after))
    .orderBy(asc(emissionLedger.id))
    .limit(limit);
}
