import type { Db } from '../../../db/database.ts';
import { readAccountView } from '../staking/service.ts';
import { readEarningsByKind, readEarningsPage } from './repo.ts';

/**
 * The wallet's account and its earnings by kind. (The answers' shapes are docs/api.md's; they
 * are inferred here until their one definition lives in packages/core.)
 */
export async function getRewardsSummary(
  db: Db,
  input: { userId: string; now: Date; aprBps: number },
) {
  const byKind = await readEarningsByKind(db, input.userId);
  const account = await readAccountView(db, input);
  return {
    account,
    stakingAprBps: input.aprBps,
    byKind: byKind.map((row) => ({ kind: row.kind, amount: row.amount ?? '0', count: row.count })),
  };
}

/** One page of the wallet's ledger rows, newest first; `cursor` is the previous page's last id. */
export async function getRewardsHistory(
  db: Db,
  input: { userId: string; kind?: string; cursor?: string; limit: number },
) {
  const rows = await readEarningsPage(db, {
    userId: input.userId,
    kind: input.kind,
    beforeId: input.cursor ? BigInt(input.cursor) : undefined,
    limit: input.limit,
  });
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
    nextCursor: rows.length === input.limit && last ? last.id.toString() : null,
  };
}
