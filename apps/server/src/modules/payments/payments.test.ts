import { randomBytes } from 'node:crypto';
import type { ConversationPage, VaultDetail } from '@dum/core';
import bs58 from 'bs58';
import { Keypair, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { createTestWallet, signIn } from '../../test/wallet-test-kit.ts';
import { actionPaymentRecorder } from '../actions/index.ts';
import { createdMystery, joinCall } from '../mystery/test-kit.ts';
import { block, sendTo } from '../messages/test-kit.ts';
import {
  chainUser,
  createdVaultPost,
  support,
  transfer,
  type ChainUser,
} from '../vaults/test-kit.ts';
import { MAX_FAILED_REPORTS, startPaymentWatcher } from './index.ts';
import { actionTransaction, blinkWallet, callBack, callbackPath, signAndSend } from './test-kit.ts';

const SOL = 1_000_000_000n;
const FIVE_HUNDREDTHS = SOL / 20n;

/**
 * Payments bound to their purpose (docs/security.md "Payments"): each attack there is a case
 * here, through the HTTP API against a real localnet, on PGlite and on PostgreSQL.
 */
describe.each(testDatabaseKinds())('payments on %s against the localnet', (kind) => {
  let t: TestApp;
  let creator: ChainUser;

  beforeAll(async () => {
    t = await createTestApp(kind, NO_WRITE_LIMITS, { localnet: true });
    creator = await chainUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function vaultDetail(id: string): Promise<VaultDetail> {
    const res = await t.app.inject({ url: `/api/vaults/${id}` });
    expect(res.statusCode).toBe(200);
    return res.json<VaultDetail>();
  }

  async function messagesFrom(address: string): Promise<number> {
    const { rows } = await t.ctx.database.pool.query<{ n: string }>(
      `select count(*)::text as n from direct_messages m join users u on u.id = m.sender_id
        where u.sol_address = $1`,
      [address],
    );
    return Number(rows[0]!.n);
  }

  async function userExists(address: string): Promise<boolean> {
    const { rows } = await t.ctx.database.pool.query(`select 1 from users where sol_address = $1`, [
      address,
    ]);
    return rows.length > 0;
  }

  it("refuses a stranger's relabel of a supporter's transfer, and the supporter's own support then succeeds", async () => {
    const supporter = await chainUser(t, 2n);
    const vault = await createdVaultPost(t, creator.headers, '1');
    const other = await createdVaultPost(t, creator.headers, '1');
    const signature = await transfer(t, supporter.keypair, creator.address, FIVE_HUNDREDTHS);

    // The tip callback with the supporter's signature and no reference: refused unasked.
    const tipPath = `/api/actions/profile/${creator.address}/confirm?amount=0.05`;
    const bare = await callBack(t, tipPath, { account: supporter.address, signature });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      message: 'This callback needs the reference of the transaction the action built.',
    });

    // With a reference the stranger had the server issue for that wallet: the transfer does
    // not carry it.
    const intent = await actionTransaction(
      t,
      `/api/actions/profile/${creator.address}?amount=0.05`,
      supporter.address,
    );
    const relabel = await callBack(t, callbackPath(intent), {
      account: supporter.address,
      signature,
    });
    expect(relabel.statusCode).toBe(422);
    expect(relabel.json()).toEqual({
      message: 'That transaction does not carry the reference of this payment.',
    });

    // Another vault's callback, with a reference never issued: refused too.
    const unknown = Keypair.generate().publicKey.toBase58();
    const elsewhere = await callBack(
      t,
      `/api/actions/vaults/${other.vault.id}/confirm?amount=0.05&reference=${unknown}`,
      { account: supporter.address, signature },
    );
    expect(elsewhere.statusCode).toBe(404);

    // Nothing was recorded in anyone's name: no tip message, no support.
    expect(await messagesFrom(supporter.address)).toBe(0);
    expect((await vaultDetail(other.vault.id)).currentAmount).toBe('0');

    // The supporter's own report pays for the vault.
    const own = await support(t, supporter.headers, vault.vault.id, {
      transactionSignature: signature,
      amount: '0.05',
    });
    expect(own.statusCode).toBe(200);
    expect((await vaultDetail(vault.vault.id)).currentAmount).toBe(FIVE_HUNDREDTHS.toString());
  });

  it("refuses a vault action's callback for a participant's mystery join, and the join then succeeds", async () => {
    const participant = await chainUser(t, 2n);
    const mystery = await createdMystery(t, creator.headers);
    const vault = await createdVaultPost(t, creator.headers, '1');
    const signature = await transfer(t, participant.keypair, creator.address, FIVE_HUNDREDTHS);
    const intent = await actionTransaction(
      t,
      `/api/actions/vaults/${vault.vault.id}?amount=0.05`,
      participant.address,
    );
    const relabel = await callBack(t, callbackPath(intent), {
      account: participant.address,
      signature,
    });
    expect(relabel.statusCode).toBe(422);
    expect((await vaultDetail(vault.vault.id)).currentAmount).toBe('0');

    const join = await joinCall(t, participant.headers, mystery.id, {
      transactionSignature: signature,
      amount: '0.05',
    });
    expect(join.statusCode).toBe(200);
  });

  it('counts a transfer bound to one vault for that vault only: not as a tip, a join, another vault or an ad budget', async () => {
    const supporter = await chainUser(t, 2n);
    const vault = await createdVaultPost(t, creator.headers, '1');
    const vault3 = await createdVaultPost(t, creator.headers, '1');
    const mystery = await createdMystery(t, creator.headers);
    const intent = await actionTransaction(
      t,
      `/api/actions/vaults/${vault.vault.id}?amount=0.05`,
      supporter.address,
    );
    const signature = await signAndSend(t, intent, supporter.keypair);
    const bound = { message: 'That transaction pays for something else.' };
    const amount = { transactionSignature: signature, amount: '0.05' };

    const tip = await sendTo(t, supporter.headers, creator.address, {
      tip: { transactionSignature: signature, amount: FIVE_HUNDREDTHS.toString() },
    });
    expect(tip.statusCode).toBe(409);
    expect(tip.json<{ error: { code: string } }>().error.code).toBe('payment_bound_elsewhere');

    const join = await joinCall(t, supporter.headers, mystery.id, amount);
    expect(join.statusCode).toBe(409);
    expect(join.json<{ error: { code: string } }>().error.code).toBe('payment_bound_elsewhere');

    const third = await support(t, supporter.headers, vault3.vault.id, amount);
    expect(third.statusCode).toBe(409);
    expect(third.json<{ error: { code: string } }>().error.code).toBe('payment_bound_elsewhere');

    const ad = await t.app.inject({
      method: 'POST',
      url: '/api/ads/campaigns',
      headers: supporter.headers,
      payload: {
        postId: vault.id,
        cpmLamports: '1000000',
        dailyLimitLamports: FIVE_HUNDREDTHS.toString(),
        budget: amount,
      },
    });
    expect(ad.statusCode).toBeGreaterThanOrEqual(400);
    expect(ad.statusCode).toBeLessThan(500);

    // The tip action's callback with the vault's reference: bound elsewhere.
    const reference = intent.reference;
    const asTip = await callBack(
      t,
      `/api/actions/profile/${creator.address}/confirm?amount=0.05&reference=${reference}`,
      { account: supporter.address, signature },
    );
    expect(asTip.statusCode).toBe(409);
    expect(asTip.json()).toEqual(bound);

    // Nothing of it was recorded anywhere; then the vault's own callback takes it, once.
    expect(await messagesFrom(supporter.address)).toBe(0);
    expect((await vaultDetail(vault3.vault.id)).currentAmount).toBe('0');
    const done = await callBack(t, callbackPath(intent), { account: supporter.address, signature });
    expect(done.statusCode).toBe(200);
    const again = await support(t, supporter.headers, vault.vault.id, amount);
    expect(again.statusCode).toBe(200);
    // Spent once, with the purpose that spent it.
    const spent = await t.ctx.database.pool.query<{ spent_on: string; purpose: string }>(
      `select spent_on, purpose from spent_transfer_signatures where signature = $1`,
      [signature],
    );
    expect(spent.rows).toEqual([
      { spent_on: 'vault_support', purpose: `vault_support:${vault.vault.id}` },
    ]);
    expect((await vaultDetail(vault.vault.id)).currentAmount).toBe(FIVE_HUNDREDTHS.toString());
  });

  it('records a blink tip from a wallet that never signed in as an anonymous payment: no user, no message', async () => {
    const wallet = await blinkWallet(t);
    const account = wallet.publicKey.toBase58();
    const intent = await actionTransaction(
      t,
      `/api/actions/profile/${creator.address}?amount=0.01`,
      account,
    );
    // The reference is on the transfer instruction, read-only and not a signer.
    const tx = Transaction.from(Buffer.from(intent.transaction, 'base64'));
    const referenceKey = tx.instructions[0]!.keys[2]!;
    expect(referenceKey.pubkey.toBase58()).toBe(intent.reference);
    expect(referenceKey.isSigner).toBe(false);
    expect(referenceKey.isWritable).toBe(false);

    const signature = await signAndSend(t, intent, wallet);
    for (let i = 0; i < 2; i += 1) {
      const done = await callBack(t, callbackPath(intent), { account, signature });
      expect(done.statusCode).toBe(200);
    }
    expect(await userExists(account)).toBe(false);
    expect(await messagesFrom(account)).toBe(0);
    const { rows } = await t.ctx.database.pool.query<{ purpose: string; amount: string }>(
      `select purpose, amount::text as amount from anonymous_payments where signature = $1`,
      [signature],
    );
    expect(rows).toEqual([{ purpose: `tip:${creator.address}`, amount: (SOL / 100n).toString() }]);
    const spent = await t.ctx.database.pool.query<{ purpose: string }>(
      `select purpose from spent_transfer_signatures where signature = $1`,
      [signature],
    );
    expect(spent.rows).toEqual([{ purpose: `tip:${creator.address}` }]);
  });

  it("attributes a blink payer's anonymous support and tip to it once it signs in, once", async () => {
    const wallet = createTestWallet();
    await t.ctx.chain.requestAirdrop(wallet.address, 2n * SOL);
    const vault = await createdVaultPost(t, creator.headers, '1');
    const supportIntent = await actionTransaction(
      t,
      `/api/actions/vaults/${vault.vault.id}?amount=0.05`,
      wallet.address,
    );
    const supportSignature = await signAndSend(t, supportIntent, wallet.keypair);
    const tipIntent = await actionTransaction(
      t,
      `/api/actions/profile/${creator.address}?amount=0.01`,
      wallet.address,
    );
    const tipSignature = await signAndSend(t, tipIntent, wallet.keypair);
    for (const [intent, signature] of [
      [supportIntent, supportSignature],
      [tipIntent, tipSignature],
    ] as const) {
      const done = await callBack(t, callbackPath(intent), { account: wallet.address, signature });
      expect(done.statusCode).toBe(200);
    }
    expect(await userExists(wallet.address)).toBe(false);
    expect((await vaultDetail(vault.vault.id)).supports).toEqual([]);

    for (let i = 0; i < 2; i += 1) await signIn(t.app, wallet);
    const detail = await vaultDetail(vault.vault.id);
    expect(detail).toMatchObject({ currentAmount: FIVE_HUNDREDTHS.toString(), supporterCount: 1 });
    expect(detail.supports).toHaveLength(1);
    expect(detail.supports[0]).toMatchObject({
      transactionSignature: supportSignature,
      supporter: { walletAddress: wallet.address },
    });
    expect(await messagesFrom(wallet.address)).toBe(1);
    const inbox = await t.app.inject({ url: '/api/conversations', headers: creator.headers });
    const conversation = inbox
      .json<ConversationPage>()
      .items.find((c) => c.peer.solAddress === wallet.address);
    expect(conversation?.lastMessage.tip).toMatchObject({
      amount: (SOL / 100n).toString(),
      transactionSignature: tipSignature,
    });
  });

  it("unlocks a vault with an anonymous blink support, with Live Activity's line", async () => {
    const vault = await createdVaultPost(t, creator.headers, '0.05');
    const wallet = await blinkWallet(t, 1n);
    const account = wallet.publicKey.toBase58();
    const intent = await actionTransaction(
      t,
      `/api/actions/vaults/${vault.vault.id}?amount=0.05`,
      account,
    );
    const signature = await signAndSend(t, intent, wallet);
    const done = await callBack(t, callbackPath(intent), { account, signature });
    expect(done.statusCode).toBe(200);
    expect((await vaultDetail(vault.vault.id)).status).toBe('unlocked');
    const { rows } = await t.ctx.database.pool.query<{ message: string }>(
      `select message from activity where type = 'vault_unlocked' and reference = $1`,
      [vault.vault.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.message).toMatch(/'s vault unlocked with 0\.0500 SOL$/);
  });

  it('asks the cluster nothing for a reference it never issued, and stops asking after repeated failures', async () => {
    const vault = await createdVaultPost(t, creator.headers, '1');
    const wallet = await blinkWallet(t, 1n);
    const account = wallet.publicKey.toBase58();
    // A well-formed signature of no transaction: only the cluster can say it is made up.
    const madeUp = bs58.encode(randomBytes(64));
    const rpc = vi.spyOn(t.ctx.chain.rpc, 'call');
    try {
      const unknown = Keypair.generate().publicKey.toBase58();
      const res = await callBack(
        t,
        `/api/actions/vaults/${vault.vault.id}/confirm?amount=0.05&reference=${unknown}`,
        { account, signature: madeUp },
      );
      expect(res.statusCode).toBe(404);
      expect(rpc).not.toHaveBeenCalled();

      const intent = await actionTransaction(
        t,
        `/api/actions/vaults/${vault.vault.id}?amount=0.05`,
        account,
      );
      rpc.mockClear();
      for (let i = 0; i < MAX_FAILED_REPORTS; i += 1) {
        const failed = await callBack(t, callbackPath(intent), { account, signature: madeUp });
        expect(failed.statusCode).toBe(422);
      }
      expect(rpc).toHaveBeenCalledTimes(MAX_FAILED_REPORTS);
      const exhausted = await callBack(t, callbackPath(intent), { account, signature: madeUp });
      expect(exhausted.statusCode).toBe(429);
      expect(rpc).toHaveBeenCalledTimes(MAX_FAILED_REPORTS);
    } finally {
      rpc.mockRestore();
    }
  });

  it('applies blocks to supports and joins either way: refused before the transaction is built and on report', async () => {
    const fan = await chainUser(t, 2n);
    const vault = await createdVaultPost(t, creator.headers, '1');
    const mystery = await createdMystery(t, creator.headers);
    const signature = await transfer(t, fan.keypair, creator.address, FIVE_HUNDREDTHS);
    for (const [blocker, blocked] of [
      [creator.id, fan.id],
      [fan.id, creator.id],
    ] as const) {
      await block(t, blocker, blocked);
      const post = await t.app.inject({
        method: 'POST',
        url: `/api/actions/vaults/${vault.vault.id}?amount=0.05`,
        payload: { account: fan.address },
      });
      expect(post.statusCode).toBe(403);
      const supported = await support(t, fan.headers, vault.vault.id, {
        transactionSignature: signature,
        amount: '0.05',
      });
      expect(supported.statusCode).toBe(403);
      expect(supported.json<{ error: { code: string } }>().error.code).toBe('blocked');
      const joined = await joinCall(t, fan.headers, mystery.id, {
        transactionSignature: signature,
        amount: '0.05',
      });
      expect(joined.statusCode).toBe(403);
      await t.ctx.database.pool.query('delete from blocks where blocker_id = $1', [blocker]);
    }
    expect((await vaultDetail(vault.vault.id)).currentAmount).toBe('0');
  });

  it('records a 1-lamport tip but earns no DUM for it', async () => {
    const tipper = await chainUser(t, 1n);
    const signature = await transfer(t, tipper.keypair, creator.address, 1n);
    const res = await sendTo(t, tipper.headers, creator.address, {
      tip: { transactionSignature: signature, amount: '1' },
    });
    expect(res.statusCode).toBe(201);
    await t.ctx.emissions.settle();
    const { rows } = await t.ctx.database.pool.query(
      `select 1 from emission_ledger where kind = 'tip' and reference = $1
        union all select 1 from emission_queue where kind = 'tip' and reference = $1`,
      [signature],
    );
    expect(rows).toHaveLength(0);
  });
});

describe.each(testDatabaseKinds())('the payment watcher on %s, two instances', (kind) => {
  let a: TestApp;
  let b: TestApp;
  let creator: ChainUser;

  beforeAll(async () => {
    a = await createTestApp(kind, NO_WRITE_LIMITS, { localnet: true });
    const rpcUrl = a.ctx.localnet!.rpcUrl;
    b = await createTestApp(
      kind,
      { ...NO_WRITE_LIMITS, SOLANA_RPC_URL: rpcUrl, SOLANA_CLUSTER: 'localnet' },
      { database: a.ctx.database, clock: a.clock },
    );
    creator = await chainUser(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('records a blink payment whose client never called back within 30 s, once', async () => {
    const vault = await createdVaultPost(a, creator.headers, '1');
    const wallet = await blinkWallet(a);
    const account = wallet.publicKey.toBase58();
    const intent = await actionTransaction(
      a,
      `/api/actions/vaults/${vault.vault.id}?amount=0.05`,
      account,
    );
    const signature = await signAndSend(a, intent, wallet);

    const watchers = [a, b].map((t) =>
      startPaymentWatcher(
        t.ctx,
        t.ctx.slices.payments,
        actionPaymentRecorder(t.ctx.slices.actions),
      ),
    );
    try {
      // Both instances look at once, and again and again: the payment counts once.
      await Promise.all(watchers.map((w) => w.runOnce()));
      await vi.waitFor(
        async () => {
          const res = await a.app.inject({ url: `/api/vaults/${vault.vault.id}` });
          expect(res.json<VaultDetail>().currentAmount).toBe(FIVE_HUNDREDTHS.toString());
        },
        { timeout: 30_000, interval: 250 },
      );
      a.clock.advance(10_000);
      await Promise.all(watchers.map((w) => w.runOnce()));
      const detail = (
        await a.app.inject({ url: `/api/vaults/${vault.vault.id}` })
      ).json<VaultDetail>();
      expect(detail.currentAmount).toBe(FIVE_HUNDREDTHS.toString());
      expect(detail.supporterCount).toBe(1);
      const { rows } = await a.ctx.database.pool.query<{ signature: string | null }>(
        `select signature from payment_intents where reference = $1`,
        [intent.reference],
      );
      expect(rows).toEqual([{ signature }]);
      const spent = await a.ctx.database.pool.query(
        `select 1 from anonymous_payments where signature = $1`,
        [signature],
      );
      expect(spent.rows).toHaveLength(1);
    } finally {
      await Promise.all(watchers.map((w) => w.stop()));
    }
  });

  it('forgets an intent a week after it expired unpaid, and keeps a paid one', async () => {
    const vault = await createdVaultPost(a, creator.headers, '1');
    const wallet = await blinkWallet(a, 1n);
    const unpaid = await actionTransaction(
      a,
      `/api/actions/vaults/${vault.vault.id}?amount=0.05`,
      wallet.publicKey.toBase58(),
    );
    const watcher = startPaymentWatcher(
      a.ctx,
      a.ctx.slices.payments,
      actionPaymentRecorder(a.ctx.slices.actions),
    );
    const intents = () =>
      a.ctx.database.pool
        .query(`select 1 from payment_intents where reference = $1`, [unpaid.reference])
        .then((result) => result.rows.length);
    try {
      a.clock.advance(7 * 24 * 3600_000);
      await watcher.runOnce();
      expect(await intents()).toBe(1);
      a.clock.advance(20 * 60_000);
      await watcher.runOnce();
      expect(await intents()).toBe(0);
      const late = await callBack(a, callbackPath(unpaid), {
        account: wallet.publicKey.toBase58(),
        signature: bs58.encode(randomBytes(64)),
      });
      expect(late.statusCode).toBe(404);
      const paid = await a.ctx.database.pool.query(
        `select 1 from payment_intents where signature is not null`,
      );
      expect(paid.rows.length).toBeGreaterThan(0);
    } finally {
      await watcher.stop();
    }
  });
});
