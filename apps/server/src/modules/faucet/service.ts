import type { ChainClient } from '@dum/chain';
import { AppError } from '@dum/core';
import type { RateLimiter } from './rate-limiter.ts';

export interface FaucetSettings {
  env: 'development' | 'production' | 'test';
  lamports: bigint;
  walletLimit: number;
  ipLimit: number;
  windowMs: number;
}

export interface FaucetResult {
  signature: string;
  /** Base units as a string, like every amount in the API. */
  lamports: string;
}

/**
 * Sends test SOL to a signed-in user's wallet on the localnet. Disabled (and moving nothing) in
 * production and on any other cluster; limited per wallet and per IP.
 */
export async function requestFaucet(
  deps: {
    chain: Pick<ChainClient, 'cluster' | 'requestAirdrop'>;
    limiter: RateLimiter;
    settings: FaucetSettings;
    now: Date;
  },
  input: { wallet: string; ip: string },
): Promise<FaucetResult> {
  const { chain, limiter, settings } = deps;
  if (settings.env === 'production' || chain.cluster !== 'localnet') {
    throw new AppError('faucet_disabled');
  }
  const allowed = limiter.tryTake(
    [
      { key: `wallet:${input.wallet}`, limit: settings.walletLimit },
      { key: `ip:${input.ip}`, limit: settings.ipLimit },
    ],
    settings.windowMs,
    deps.now,
  );
  if (!allowed) throw new AppError('faucet_rate_limited');
  const signature = await chain.requestAirdrop(input.wallet, settings.lamports);
  return { signature, lamports: settings.lamports.toString() };
}
