import type { MysteryPage, MysteryVault } from './types.ts';

/** A mystery as a signed-in non-creator sees it while open: nothing hidden in it. */
export function makeMystery(overrides: Partial<MysteryVault> = {}): MysteryVault {
  return {
    id: '7',
    title: 'Track reveal',
    teaser: 'Guess the song',
    creator: {
      id: 'creator-1',
      avatarUrl: null,
      displayName: 'Ada',
      username: 'ada',
      isVerified: false,
      solAddress: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
    },
    state: 'open',
    createdAt: '2026-11-23T12:00:00.000Z',
    endsAt: new Date(Date.now() + 5 * 3600_000).toISOString(),
    openedAt: null,
    openReason: null,
    participantCount: 2,
    targetAmount: null,
    totalAmount: null,
    body: null,
    imageUrl: null,
    audioUrl: null,
    myContribution: '0',
    isCreator: false,
    ...overrides,
  };
}

/** The same mystery opened (its target reached): everything revealed. */
export function openedMystery(overrides: Partial<MysteryVault> = {}): MysteryVault {
  return makeMystery({
    state: 'opened',
    openedAt: '2026-11-23T13:00:00.000Z',
    openReason: 'target',
    targetAmount: '200000000',
    totalAmount: '200000000',
    body: 'The chorus is about you',
    ...overrides,
  });
}

export function mysteryPage(items: MysteryVault[], nextCursor: string | null = null): MysteryPage {
  return { items, nextCursor };
}
