import type { AdCampaignDetail } from '@dum/core';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/app-test-kit.ts';
import { transfer, type ChainUser } from '../vaults/test-kit.ts';

/** Ads for tests: a budget sent to the treasury on the test's localnet, then the API calls. */

export function treasuryOf(t: TestApp): string {
  if (!t.ctx.localnet) throw new Error('this test needs createTestApp(..., { localnet: true })');
  return t.ctx.localnet.treasury;
}

/** Sends `lamports` to the treasury and answers the signature. */
export function payTreasury(t: TestApp, from: ChainUser, lamports: bigint): Promise<string> {
  return transfer(t, from.keypair, treasuryOf(t), lamports);
}

export function postCampaign(
  t: TestApp,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/ads/campaigns', headers, payload });
}

/** A campaign for `postId`, paid with a real transfer of `lamports` (in SOL text, 9 decimals). */
export async function createdCampaign(
  t: TestApp,
  advertiser: ChainUser,
  args: { postId: string; budget: bigint; cpm?: bigint; dailyLimit?: bigint },
): Promise<AdCampaignDetail> {
  const signature = await payTreasury(t, advertiser, args.budget);
  const res = await postCampaign(t, advertiser.headers, {
    postId: args.postId,
    cpmLamports: (args.cpm ?? 1_000_000_000n).toString(),
    dailyLimitLamports: (args.dailyLimit ?? args.budget).toString(),
    budget: { transactionSignature: signature, amount: solText(args.budget) },
  });
  if (res.statusCode !== 201) throw new Error(`campaign failed: ${res.statusCode} ${res.body}`);
  return res.json<AdCampaignDetail>();
}

/** Lamports as SOL text ('0.5'). */
export function solText(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n;
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return fraction ? `${whole.toString()}.${fraction}` : whole.toString();
}

export function adCall(
  t: TestApp,
  headers: Record<string, string>,
  campaignId: string,
  action: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/ads/campaigns/${campaignId}/${action}`,
    headers,
  });
}
