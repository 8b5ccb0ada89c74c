import type { PostVault } from '../post/index.ts';
import type { EscrowDepositView, EscrowView, EscrowVault } from './escrow-types.ts';

/** Test-only escrow vault data (a 7-day vault of 0.2 SOL, one 0.1 SOL deposit). */

export const CREATOR = 'CreatorWa11et1111111111111111111111111111111';
export const FAN = 'FanWa11et111111111111111111111111111111111111';
export const START = 1_800_000_000n;
export const END = START + 7n * 86_400n;

export function escrowView(overrides: Partial<EscrowView> = {}): EscrowView {
  return {
    state: 'live',
    programId: 'DumVau1t11111111111111111111111111111111111',
    address: 'Vau1tAddress1111111111111111111111111111111',
    postId: '42',
    multiplier: 2,
    durationSeconds: String(7 * 86_400),
    startTs: String(START),
    endTs: String(END),
    totalDeposited: '100000000',
    claimedAmount: '0',
    participantCount: 1,
    penaltyBps: 500,
    rewardsPerSol: '5000000000',
    stakingRatePerSecond: '10000000',
    chainStatus: 'active',
    contentHash: null,
    indexedAt: new Date().toISOString(),
    ...overrides,
  };
}

export function depositView(overrides: Partial<EscrowDepositView> = {}): EscrowDepositView {
  return {
    address: 'DepositAddress11111111111111111111111111111',
    participant: FAN,
    supporterId: 'fan',
    username: 'fan',
    amount: '100000000',
    totalDeposited: '100000000',
    accruedReward: '0',
    rewardMinted: '0',
    penaltyPaid: '0',
    firstDepositTs: String(START + 60n),
    lastUpdateTs: String(START + 60n),
    rewarded: false,
    refunded: false,
    claimed: false,
    ...overrides,
  };
}

export function escrowVault(
  overrides: Partial<PostVault> = {},
  escrow: Partial<EscrowView> = {},
): EscrowVault {
  const view = escrowView(escrow);
  return {
    id: '7',
    status: 'active',
    currentAmount: view.totalDeposited,
    targetAmount: '200000000',
    supporterCount: view.participantCount,
    createdAt: new Date(Number(START) * 1000).toISOString(),
    // Pending (not on chain yet): the server's own end, 7 days after the post.
    endsAt: new Date(Number(view.endTs ?? START + 7n * 86_400n) * 1000).toISOString(),
    creator: { walletAddress: CREATOR },
    ...overrides,
    kind: 'escrow',
    escrow: view,
  };
}
