import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { emissionState } from '../../db/schema.ts';

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
