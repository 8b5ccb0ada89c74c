import type { UserProfile, UserSummary } from './types.ts';

/** Test-only people data for the slice's component tests (jsdom). */

export const ADA_WALLET = 'AdaWa11etAdaWa11etAdaWa11etAdaWa11etAdaW';

export function makeProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 'user-2',
    solAddress: ADA_WALLET,
    username: 'ada',
    displayName: 'Ada Lovelace',
    avatarUrl: null,
    isVerified: false,
    createdAt: '2026-03-14T12:00:00.000Z',
    balance: '0',
    staked: '0',
    stakingRewards: '0',
    totalEarned: '1234000000000',
    bio: 'First programmer. Vibes in base units.',
    followerCount: 41,
    followingCount: 7,
    postCount: 3,
    trust: null,
    ...overrides,
  };
}

export function makeSummary(index: number, overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: `person-${index}`,
    solAddress: `Person${String(index).padStart(3, '0')}Wa11et111111111111111111111111`,
    username: `person_${index}`,
    displayName: `Person ${index}`,
    avatarUrl: null,
    isVerified: false,
    ...overrides,
  };
}
