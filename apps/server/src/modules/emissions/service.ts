import { emissionsStats, type EmissionsStatsResponse } from '@dum/core';
import type { Db } from '../../db/database.ts';
import { readEmissionTotals } from './repo.ts';

/** The halving banner's numbers, computed from the ledger's counters with the core schedule. */
export async function getEmissionsStats(db: Db): Promise<EmissionsStatsResponse> {
  const totals = await readEmissionTotals(db);
  const stats = emissionsStats(totals.totalEvents, totals.totalMinted);
  return {
    data: {
      eventsUntilHalving: Number(stats.eventsUntilHalving),
      currentReward: stats.currentReward.toString(),
      currentEpoch: Number(stats.currentEpoch),
    },
  };
}
