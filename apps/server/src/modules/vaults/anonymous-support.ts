import { AppError } from '@dum/core';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { inTransaction } from '../../db/prepared.ts';
import { announceAfterCommit } from '../../realtime/index.ts';
import { vaultUnlockedLine, writeActivity } from '../emissions/index.ts';
import {
  purposeKey,
  readAnonymousPayment,
  settleIntent,
  spendAnonymously,
  type PaymentReport,
} from '../payments/index.ts';
import type { VaultDeps } from './deps.ts';
import { readVaultFacts } from './repo.ts';
import { checkSupportInput, transferRejectionError, verifySupportPayment } from './service.ts';

/**
 * A support by a wallet that never signed in here (a blink's supporter): the transfer is
 * verified for this vault as any support is, and then counts toward the vault's total, its
 * supporter count (once per wallet) and its unlock, but it is recorded as the wallet's anonymous
 * payment (payments slice), with no user row, nothing in the wallet's name and no DUM, since no
 * user earns it.
 */
export interface AnonymousSupport {
  amount: bigint;
  unlocked: boolean;
}

// eslint-disable-next-line max-lines-per-function -- verify, record, announce: one flow, in order
export async function supportVaultAnonymously(
  deps: VaultDeps,
  payer: string,
  vaultId: bigint,
  input: { transactionSignature: string; amount: string },
  report: Extract<PaymentReport, { by: 'reference' }>,
): Promise<AnonymousSupport> {
  const { signature, amount } = checkSupportInput(input);
  if (!deps.enabled) throw new AppError('vaults_disabled');
  const facts = await readVaultFacts(deps.pool, vaultId);
  if (!facts) throw new AppError('vault_not_found');
  if (facts.kind === 'escrow') throw new AppError('vault_escrow_support');
  if (facts.creator_wallet === payer) throw new AppError('vault_own_support');
  const purpose = { kind: 'vault_support' as const, vaultId };
  const checked = await verifySupportPayment(deps, {
    signature,
    purpose,
    vault: facts,
    amount,
    report,
  });
  if (!checked.ok) throw new AppError(transferRejectionError(checked.reason));

  const now = deps.clock.now();
  const outcome = await inTransaction(deps, async (client) => {
    // Supports of one vault take turns on its row from here until commit, as signed-in ones do.
    const locked = await client.query<{ status: string; ends_at: Date }>(
      `select status, ends_at from vaults where id = $1 and kind = 'direct' for no key update`,
      [vaultId.toString()],
    );
    const vault = locked.rows[0];
    if (!vault) throw new AppError('vault_not_found');
    if (vault.status !== 'active') throw new AppError('vault_not_active');
    if (vault.ends_at.getTime() <= now.getTime()) throw new AppError('vault_ended');
    const spent = await spendAnonymously(client, {
      signature,
      spentOn: 'vault_support',
      purpose: purposeKey(purpose),
      payer,
      recipient: facts.creator_wallet,
      amount,
      slot: checked.payment.slot,
      now,
    });
    if (!spent.spent) return null;
    const updated = await client.query<{ status: string }>(
      `update vaults set
          total = total + $2,
          supporter_count = supporter_count + $3,
          status = vault_status_after_support(status, total + $2, target),
          unlocked_at = case
            when vault_status_after_support(status, total + $2, target) = 'unlocked' then $4
            else unlocked_at end
        where id = $1
        returning status`,
      [vaultId.toString(), amount.toString(), spent.firstFromPayer ? 1 : 0, now],
    );
    const unlocked = updated.rows[0]?.status === 'unlocked';
    if (unlocked) await recordUnlockActivity(client, vaultId, now);
    return { unlocked };
  });
  if (!outcome) {
    // Spent before: the same report again answers the same; anything else is a replay.
    const existing = await readAnonymousPayment(deps.pool, signature);
    if (
      existing?.payer !== payer ||
      existing.purpose !== purposeKey(purpose) ||
      BigInt(existing.amount) !== amount
    ) {
      throw new AppError('transaction_already_used');
    }
    return { amount, unlocked: false };
  }
  await settleIntent(deps, checked.payment);
  const audience = { kind: 'users' as const, userIds: [facts.creator_id] };
  await announceAfterCommit(deps, audience, {
    type: 'vault_support',
    data: {
      vaultId: vaultId.toString(),
      support: { supporterId: null, amount: amount.toString() },
    },
  });
  if (outcome.unlocked) {
    await announceAfterCommit(deps, audience, {
      type: 'vault_completed',
      data: { vaultId: vaultId.toString() },
    });
  }
  return { amount, unlocked: outcome.unlocked };
}

/**
 * Live Activity's line for an unlock, worded as record_vault_support words it, written through
 * the emissions slice (the activity feed's owner).
 */
async function recordUnlockActivity(
  client: pg.PoolClient,
  vaultId: bigint,
  now: Date,
): Promise<void> {
  const result = await client.query<{ creator_id: string; name: string | null; total: string }>(
    `select v.creator_id, coalesce(u.display_name, u.username, u.sol_address) as name,
        v.total::text as total
      from vaults v join users u on u.id = v.creator_id where v.id = $1`,
    [vaultId.toString()],
  );
  const row = result.rows[0];
  if (!row) return;
  const name = row.name ?? 'A creator';
  const shown = name.length > 32 ? `${name.slice(0, 4)}...${name.slice(-4)}` : name;
  await writeActivity(drizzle(client), now, {
    type: 'vault_unlocked',
    ...vaultUnlockedLine(shown, BigInt(row.total)),
    userId: row.creator_id,
    reference: vaultId.toString(),
  });
}

/**
 * Attributes an anonymous support to the user its wallet now has, in the caller's transaction
 * (the payments slice marks it attributed in the same one): it becomes the user's support and
 * leaderboard entry. The vault's total and supporter count already hold it; no DUM is paid for
 * it afterwards.
 */
export async function attributeAnonymousSupport(
  client: { query: (text: string, values: unknown[]) => Promise<unknown> },
  support: {
    vaultId: bigint;
    supporterId: string;
    signature: string;
    amount: bigint;
    slot: number;
    createdAt: Date;
  },
): Promise<void> {
  const values = [
    support.vaultId.toString(),
    support.supporterId,
    support.signature,
    support.amount.toString(),
    support.slot,
    support.createdAt,
  ];
  await client.query(
    `with s as (
        insert into vault_supports (vault_id, supporter_id, signature, amount, slot, created_at)
        select $1, $2, $3, $4, $5, $6 where exists (select 1 from vaults where id = $1)
        on conflict (signature) do nothing
        returning vault_id
      )
      insert into vault_supporters (vault_id, supporter_id, total, supports, first_at, last_at)
        select vault_id, $2, $4, 1, $6, $6 from s
      on conflict (vault_id, supporter_id) do update set
        total = vault_supporters.total + excluded.total,
        supports = vault_supporters.supports + 1,
        first_at = least(vault_supporters.first_at, excluded.first_at),
        last_at = greatest(vault_supporters.last_at, excluded.last_at)`,
    values,
  );
}
