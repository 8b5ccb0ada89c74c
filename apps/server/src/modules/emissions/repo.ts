import { asc, eq, gt } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/database.ts';
import { emissionLedger, users } from '../../db/schema.ts';
import type { EmissionTotals } from './emission-rules.ts';

/** The ledger's counters (one named statement; the stats calls read them through stats-cache.ts). */
export async function readEmissionTotals(pool: pg.Pool): Promise<EmissionTotals> {
  const { rows } = await pool.query<{ total_events: string; total_minted: string }>({
    name: 'emissions_counters',
    text: 'select total_events::text, total_minted::text from emission_state where id = 1',
  });
  const row = rows[0];
  // The migration inserts the row; an empty table would mean a broken database, not a new one.
  if (!row) throw new Error('emission_state row is missing');
  return { totalEvents: BigInt(row.total_events), totalMinted: BigInt(row.total_minted) };
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
