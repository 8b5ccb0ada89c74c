import {
  emissionsStats,
  type EmissionsStatsResponse,
  type LedgerPage,
  type PlatformStatsResponse,
} from '@dum/core';
import type { Db } from '../../db/database.ts';
import { publicLedgerReference, type SealReference } from './public-reference.ts';
import { readLedgerPage } from './repo.ts';
import type { EmissionTotals } from './emission-rules.ts';

/**
 * The halving banner's numbers, computed from the ledger's counters (held in memory by the
 * sequencer, stats-cache.ts) with the core schedule.
 */
export async function getEmissionsStats(
  counters: () => Promise<EmissionTotals>,
): Promise<EmissionsStatsResponse> {
  const totals = await counters();
  const stats = emissionsStats(totals.totalEvents, totals.totalMinted);
  return {
    data: {
      eventsUntilHalving: Number(stats.eventsUntilHalving),
      currentReward: stats.currentReward.toString(),
      currentEpoch: Number(stats.currentEpoch),
    },
  };
}

/** The Platform Stats card's numbers. */
export async function getPlatformStats(
  counters: () => Promise<EmissionTotals>,
): Promise<PlatformStatsResponse> {
  const totals = await counters();
  const stats = emissionsStats(totals.totalEvents, totals.totalMinted);
  return {
    totalEvents: Number(stats.totalEvents),
    totalMinted: stats.totalMinted.toString(),
    currentReward: stats.currentReward.toString(),
    eventsUntilHalving: Number(stats.eventsUntilHalving),
    percentMinted: Number(stats.percentMintedBps) / 100,
    maxSupply: stats.maxSupply.toString(),
    currentEpoch: Number(stats.currentEpoch),
  };
}

/**
 * One page of the public mint ledger, for audits from the outside; private payments' references
 * sealed (public-reference.ts).
 */
export async function getLedgerPage(
  db: Db,
  page: { after: bigint | undefined; limit: number },
  seal: SealReference,
): Promise<LedgerPage> {
  const { after, limit } = page;
  const rows = await readLedgerPage(db, after, limit);
  const last = rows.at(-1);
  return {
    items: rows.map((row) => ({
      id: row.id.toString(),
      eventIndex: row.eventIndex?.toString() ?? null,
      epoch: row.epoch,
      amount: row.amount.toString(),
      recipient: row.recipient,
      kind: row.kind,
      reference: publicLedgerReference(row, seal),
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length === limit && last ? last.id.toString() : null,
  };
}
