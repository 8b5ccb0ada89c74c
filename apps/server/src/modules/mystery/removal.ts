import { sql } from 'drizzle-orm';
import type { Tx } from '../emissions/index.ts';
import { deleteMediaOf } from '../media/index.ts';

/**
 * A moderator's removal of a mystery vault, run in the decision's transaction (the composition
 * root hands it to the moderation slice, which this one imports). Deletes it, cascading to its
 * participants and joins (the transfers stay spent, and the ledger keeps its events), and its
 * media rows: answers the files' names.
 */
export async function removeReportedMystery(
  tx: Pick<Tx, 'execute'>,
  id: bigint,
): Promise<string[]> {
  const keys = await deleteMediaOf(tx, { mysteryVaultId: id });
  await tx.execute(sql`delete from mystery_vaults where id = ${id}`);
  return keys;
}
