import { describe, expect, it } from 'vitest';
import { INITIAL_COMPOSER_STATE, type ComposerState } from '../feed/index.ts';
import { draftPreviewPost, type PreviewAuthor } from './draft-preview.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const AUTHOR: PreviewAuthor = {
  id: 'user-1',
  wallet: 'AdaWa11et',
  username: 'ada',
  displayName: 'Ada',
  avatarUrl: null,
  isVerified: true,
};

function state(overrides: Partial<ComposerState>): ComposerState {
  return { ...INITIAL_COMPOSER_STATE, ...overrides };
}

describe('the draft preview', () => {
  it('is a free post by the author, trimmed, gone in 24 hours', () => {
    const post = draftPreviewPost(state({ text: '  gm club  ' }), AUTHOR, null, NOW);
    expect(post).toMatchObject({
      kind: 'public',
      body: 'gm club',
      content: 'gm club',
      createdAt: NOW.toISOString(),
      expiresAt: '2026-11-24T12:00:00.000Z',
      author: { id: 'user-1', displayName: 'Ada', username: 'ada', isVerified: true },
      author_wallet: 'AdaWa11et',
      imageUrl: null,
      audioUrl: null,
      vault: null,
      likeCount: 0,
      commentCount: 0,
    });
  });

  it('shows the attached image with its alt text, or the audio', () => {
    const image = { file: new File(['x'], 'a.png', { type: 'image/png' }), kind: 'image' as const };
    const audio = { file: new File(['x'], 'a.wav', { type: 'audio/wav' }), kind: 'audio' as const };
    expect(
      draftPreviewPost(state({ attachment: image, altText: ' A cat ' }), AUTHOR, 'blob:1', NOW),
    ).toMatchObject({ imageUrl: 'blob:1', altText: 'A cat', audioUrl: null });
    expect(draftPreviewPost(state({ attachment: audio }), AUTHOR, 'blob:2', NOW)).toMatchObject({
      imageUrl: null,
      altText: null,
      audioUrl: 'blob:2',
    });
  });

  it("is a direct vault at zero of its target for 7 days, the author's media shown", () => {
    const post = draftPreviewPost(
      state({ vaultMode: true, lockAmount: '0.25' }),
      AUTHOR,
      null,
      NOW,
    );
    expect(post).toMatchObject({
      kind: 'vault',
      expiresAt: null,
      locked: false,
      vault: {
        status: 'active',
        currentAmount: '0',
        targetAmount: '250000000',
        supporterCount: 0,
        endsAt: '2026-11-30T12:00:00.000Z',
        creator: { walletAddress: 'AdaWa11et' },
        kind: 'direct',
      },
    });
    // A target still being typed reads as zero; the form says what is wrong with it.
    expect(
      draftPreviewPost(state({ vaultMode: true, lockAmount: 'abc' }), AUTHOR, null, NOW).vault
        ?.targetAmount,
    ).toBe('0');
  });

  it('leaves the panel out for an escrow vault (it lives on chain)', () => {
    const post = draftPreviewPost(
      state({ vaultMode: true, vaultKind: 'escrow' }),
      AUTHOR,
      null,
      NOW,
    );
    expect(post).toMatchObject({ kind: 'vault', vault: null, expiresAt: null });
  });
});
