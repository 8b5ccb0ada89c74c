import {
  buildTransferTransaction,
  decodeTransaction,
  generateSigner,
  type Signer,
} from '@dum/chain';
import { adCampaignDetailSchema, type AdCampaignDetail } from '@dum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  NO_WRITE_LIMITS,
  testDatabaseKinds,
  type TestApp,
} from '../../test/app-test-kit.ts';
import { createdPost } from '../feed/test-kit.ts';
import { chainUser, type ChainUser } from '../vaults/test-kit.ts';
import { adsDepsOf } from './routes.ts';
import { endCampaign, type AdsDeps } from './service.ts';
import { refundStep, type RefundState } from './refund.ts';
import { adCall, createdCampaign } from './test-kit.ts';

/**
 * An ended campaign's refund is paid once, however late its first transaction lands: on the
 * test's real localnet, with only the faults named in `chainWithFaults`.
 */

const SOL = 1_000_000_000n;
const noPosts = () => Promise.resolve([]);

type RealChain = TestApp['ctx']['chain'];

/**
 * Resolves at the localnet's next slot: from then on its latest blockhash is another one, as it
 * is a minute later on a cluster (an event of the localnet, at most one slot away).
 */
function nextSlot(t: TestApp): Promise<void> {
  const localnet = t.ctx.localnet!;
  return new Promise((resolve) => {
    const stop = localnet.chain.onSlot(() => {
      stop();
      resolve();
    });
  });
}

/**
 * The test's localnet behind two named faults a test cannot wait for on it; every other call,
 * and every transaction, is the localnet's own.
 * - `holdNextSend`: the next sendTransaction gets no answer (a timeout, as for a request stuck
 *   in a relay); `deliverHeld` later hands the held request to the localnet as it was.
 * - `expire(blockhash)`: isBlockhashValid answers that it can no longer land, as a cluster does
 *   150 slots (a minute) after it; it resolves once the localnet's latest blockhash is another
 *   one, as it would be by then (a refund signed after it never gets the expired one).
 */
function chainWithFaults(t: TestApp): {
  /** The test app's chain client behind the faults. */
  chain: AdsDeps['chain'];
  /** Another instance's client for the same cluster, behind the same faults. */
  on(client: RealChain): AdsDeps['chain'];
  holdNextSend(): void;
  deliverHeld(config?: Record<string, unknown>): Promise<void>;
  expire(blockhash: string): Promise<void>;
} {
  const real = t.ctx.chain;
  const expired = new Set<string>();
  const held: unknown[][] = [];
  let holds = 0;
  function on(client: RealChain): AdsDeps['chain'] {
    return {
      verifyTransfer: (input) => client.verifyTransfer(input),
      rpc: {
        url: client.rpc.url,
        call: <T>(method: string, params: unknown[] = []): Promise<T> => {
          if (method === 'sendTransaction' && holds > 0) {
            holds--;
            held.push(params);
            return Promise.reject(new Error('sendTransaction timed out'));
          }
          if (method === 'isBlockhashValid' && expired.has(params[0] as string)) {
            return Promise.resolve({ context: { slot: 0 }, value: false } as T);
          }
          return client.rpc.call<T>(method, params);
        },
      },
    };
  }
  return {
    chain: on(real),
    on,
    holdNextSend() {
      holds++;
    },
    async deliverHeld(config = {}) {
      for (const [transaction, sent] of held.splice(0)) {
        await real.rpc.call('sendTransaction', [
          transaction,
          { ...(sent as Record<string, unknown>), ...config },
        ]);
      }
    },
    async expire(blockhash) {
      expired.add(blockhash);
      await nextSlot(t);
    },
  };
}

interface KeptRefund {
  signature: string;
  transaction: string;
  paid: boolean;
}

async function keptRefund(t: TestApp, campaignId: string): Promise<KeptRefund> {
  const { rows } = await t.ctx.database.pool.query<{
    refund_signature: string;
    refund_transaction: string;
    refund_confirmed_at: Date | null;
  }>(
    'select refund_signature, refund_transaction, refund_confirmed_at from ad_campaigns where id = $1',
    [campaignId],
  );
  const row = rows[0]!;
  return {
    signature: row.refund_signature,
    transaction: row.refund_transaction,
    paid: row.refund_confirmed_at !== null,
  };
}

function blockhashOf(transaction: string): string {
  return decodeTransaction(Buffer.from(transaction, 'base64')).message.recentBlockhash;
}

/** The cluster's record of a signature: null, or whether it landed with an error. */
async function statusOf(t: TestApp, signature: string): Promise<{ err: unknown } | null> {
  const { value } = await t.ctx.chain.rpc.call<{ value: ({ err: unknown } | null)[] }>(
    'getSignatureStatuses',
    [[signature], { searchTransactionHistory: true }],
  );
  return value[0] ?? null;
}

/** Moves SOL with a real signed transfer, as the wallet `from` would. */
async function sendSol(t: TestApp, from: Signer, to: string, lamports: bigint): Promise<void> {
  const { value } = await t.ctx.chain.rpc.call<{ value: { blockhash: string } }>(
    'getLatestBlockhash',
    [{ commitment: 'confirmed' }],
  );
  const raw = buildTransferTransaction(from, to, lamports, value.blockhash, `test ${to}`);
  const signature = await t.ctx.chain.rpc.call<string>('sendTransaction', [
    Buffer.from(raw).toString('base64'),
    { encoding: 'base64' },
  ]);
  expect(await statusOf(t, signature)).toMatchObject({ err: null });
}

describe('refundStep', () => {
  it('replaces a kept refund only when it failed, or is unknown and its blockhash expired', () => {
    const cases: [RefundState, boolean, ReturnType<typeof refundStep>][] = [
      ['confirmed', true, 'paid'],
      ['confirmed', false, 'paid'],
      ['processed', true, 'send'],
      ['processed', false, 'send'],
      ['unknown', true, 'send'],
      ['unknown', false, 'replace'],
      ['failed', true, 'replace'],
      ['failed', false, 'replace'],
    ];
    for (const [state, mayLand, step] of cases) {
      expect([state, mayLand, refundStep(state, mayLand)]).toEqual([state, mayLand, step]);
    }
  });
});

describe.each(testDatabaseKinds())('ad refunds on %s', (kind) => {
  let t: TestApp;
  /** A second instance of the same deployment: same database, key and cluster. */
  let t2: TestApp;
  let treasury: Signer;

  beforeAll(async () => {
    t = await createTestApp(kind, NO_WRITE_LIMITS, { localnet: true });
    // Its DATA_DIR holds the same treasury key; it reaches the localnet over HTTP.
    t2 = await createTestApp(
      kind,
      {
        ...NO_WRITE_LIMITS,
        DATA_DIR: t.ctx.config.dataDir,
        SOLANA_CLUSTER: 'localnet',
        SOLANA_RPC_URL: t.ctx.localnet!.rpcUrl,
      },
      { database: t.ctx.database },
    );
    treasury = adsDepsOf(t.ctx, noPosts).treasury!;
    expect(adsDepsOf(t2.ctx, noPosts).treasury?.address).toBe(treasury.address);
  });
  afterAll(async () => {
    await t2.close();
    await t.close();
  });

  async function endedWithHeldRefund(budget: bigint): Promise<{
    advertiser: ChainUser;
    campaign: AdCampaignDetail;
    faults: ReturnType<typeof chainWithFaults>;
    deps: AdsDeps;
    before: bigint;
    kept: KeptRefund;
  }> {
    const advertiser = await chainUser(t, 2n);
    const post = await createdPost(t, advertiser.headers, 'Late refund');
    const campaign = await createdCampaign(t, advertiser, { postId: post.id, budget });
    const faults = chainWithFaults(t);
    const deps = { ...adsDepsOf(t.ctx, noPosts), chain: faults.chain };
    const before = await t.ctx.chain.getSolBalance(advertiser.address);
    // The first send gets no answer: the server gives up, the campaign ends owing its refund.
    faults.holdNextSend();
    const viewer = { id: advertiser.id, solAddress: advertiser.address };
    await expect(endCampaign(deps, viewer, BigInt(campaign.id))).rejects.toMatchObject({
      code: 'ad_refund_failed',
    });
    expect(await t.ctx.chain.getSolBalance(advertiser.address)).toBe(before);
    const kept = await keptRefund(t, campaign.id);
    expect(kept.paid).toBe(false);
    return { advertiser, campaign, faults, deps, before, kept };
  }

  it('never sends a second refund when the first lands late, after its blockhash expired', async () => {
    const refund = SOL / 10n;
    const { advertiser, campaign, faults, deps, before, kept } = await endedWithHeldRefund(refund);
    const viewer = { id: advertiser.id, solAddress: advertiser.address };

    // The held request reaches the cluster after all, and the refund lands.
    await faults.deliverHeld();
    expect(await statusOf(t, kept.signature)).toMatchObject({ err: null });
    expect(await t.ctx.chain.getSolBalance(advertiser.address)).toBe(before + refund);

    // Later the kept refund's blockhash has expired; the server never heard it landed.
    await faults.expire(blockhashOf(kept.transaction));
    const again = await endCampaign(deps, viewer, BigInt(campaign.id));
    expect(await t.ctx.chain.getSolBalance(advertiser.address)).toBe(before + refund);
    expect(again.refund).toEqual({ lamports: refund.toString(), signature: kept.signature });
    expect(await keptRefund(t, campaign.id)).toEqual({ ...kept, paid: true });

    // And over HTTP, on either instance: the same refund, nothing sent.
    for (const app of [t, t2]) {
      const res = await adCall(app, advertiser.headers, campaign.id, 'end');
      expect(res.statusCode).toBe(200);
      expect(adCampaignDetailSchema.parse(res.json()).refund).toEqual(again.refund);
    }
    expect(await t.ctx.chain.getSolBalance(advertiser.address)).toBe(before + refund);
  });

  it('replaces a refund that failed on chain, and pays the replacement once', async () => {
    const refund = SOL / 10n;
    const { advertiser, campaign, faults, deps, before, kept } = await endedWithHeldRefund(refund);
    const viewer = { id: advertiser.id, solAddress: advertiser.address };

    // The treasury runs short, and the held refund then lands failed (a relay without
    // preflight): it took its fee and moved nothing.
    const holder = generateSigner();
    const treasuryBalance = await t.ctx.chain.getSolBalance(treasury.address);
    const left = 1_000_000n;
    await sendSol(t, treasury, holder.address, treasuryBalance - left - 5000n);
    await faults.deliverHeld({ skipPreflight: true });
    expect((await statusOf(t, kept.signature))?.err).toBeTruthy();
    expect(await t.ctx.chain.getSolBalance(advertiser.address)).toBe(before);
    await sendSol(t, holder, treasury.address, treasuryBalance - left - 5000n - 5000n);

    // Its blockhash is still valid, yet it can never land again: a new refund takes its place.
    const again = await endCampaign(deps, viewer, BigInt(campaign.id));
    const replacement = await keptRefund(t, campaign.id);
    expect(replacement.signature).not.toBe(kept.signature);
    expect(again.refund).toEqual({ lamports: refund.toString(), signature: replacement.signature });
    expect(replacement.paid).toBe(true);
    expect(await t.ctx.chain.getSolBalance(advertiser.address)).toBe(before + refund);

    const third = await endCampaign(deps, viewer, BigInt(campaign.id));
    expect(third.refund).toEqual(again.refund);
    expect(await t.ctx.chain.getSolBalance(advertiser.address)).toBe(before + refund);
  });

  it('replaces a lost refund once when both instances end the campaign at the same time', async () => {
    const refund = SOL / 10n;
    const { advertiser, campaign, faults, deps, before, kept } = await endedWithHeldRefund(refund);
    const viewer = { id: advertiser.id, solAddress: advertiser.address };
    // The held request is lost for good, and its blockhash has expired: it never landed, and
    // never will.
    await faults.expire(blockhashOf(kept.transaction));
    expect(await statusOf(t, kept.signature)).toBeNull();

    const second = { ...adsDepsOf(t2.ctx, noPosts), chain: faults.on(t2.ctx.chain) };
    const answers = await Promise.all(
      [deps, second, deps, second, deps, second].map((instance) =>
        endCampaign(instance, viewer, BigInt(campaign.id)),
      ),
    );
    const paid = await keptRefund(t, campaign.id);
    expect(paid.paid).toBe(true);
    expect(paid.signature).not.toBe(kept.signature);
    for (const answer of answers) {
      expect(answer.refund).toEqual({ lamports: refund.toString(), signature: paid.signature });
    }
    expect(await t.ctx.chain.getSolBalance(advertiser.address)).toBe(before + refund);
  });
});
