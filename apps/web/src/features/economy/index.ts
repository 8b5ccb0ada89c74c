/**
 * The economy feature's face: DUM balances, staking, rewards, referrals and the platform's
 * figures.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { CardError } from './card-states.tsx';
export { EarningsHistoryCard } from './earnings-history-card.tsx';
export { balancesOf, usePlatformStats, useUserRecord } from './economy-queries.ts';
export type { DumBalances } from './economy-queries.ts';
export { FeedEconomyCards } from './feed-economy.tsx';
export { HalvingChart } from './halving-chart.tsx';
export { ReferralCard } from './referral-card.tsx';
export { StakingPositionCard } from './staking-position-card.tsx';
export { formatAprBps } from './staking-position.ts';
export { WALLET_REQUIRED, useEconomyViewer } from './use-economy-viewer.ts';
