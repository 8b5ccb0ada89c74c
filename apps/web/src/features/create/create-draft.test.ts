import { describe, expect, it } from 'vitest';
import { INITIAL_COMPOSER_STATE, type ComposerState } from '../feed/index.ts';
import {
  clearDraft,
  draftKey,
  draftOf,
  hasDraftContent,
  loadDraft,
  parseDraft,
  saveDraft,
  stateOfDraft,
} from './create-draft.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const photo = {
  file: new File(['x'], 'sunset.png', { type: 'image/png' }),
  kind: 'image' as const,
};

function state(overrides: Partial<ComposerState>): ComposerState {
  return { ...INITIAL_COMPOSER_STATE, ...overrides };
}

describe('the Create draft', () => {
  it('keeps only a composer with something in it', () => {
    expect(hasDraftContent(INITIAL_COMPOSER_STATE)).toBe(false);
    expect(hasDraftContent(state({ text: '   ' }))).toBe(false);
    expect(draftOf(INITIAL_COMPOSER_STATE, NOW)).toBeNull();
    for (const filled of [
      state({ text: 'gm' }),
      state({ attachment: photo }),
      state({ vaultMode: true }),
      state({ altText: 'a cat' }),
    ]) {
      expect(hasDraftContent(filled)).toBe(true);
    }
  });

  it('round-trips the text, the vault settings and the alt text; the file by name only', () => {
    const written = state({
      text: 'Back my next track',
      attachment: photo,
      altText: 'The sun going down',
      vaultMode: true,
      vaultKind: 'escrow',
      lockAmount: '0.5',
      multiplier: '3',
      durationDays: '10',
    });
    const draft = draftOf(written, NOW);
    expect(draft).toEqual({
      v: 1,
      text: 'Back my next track',
      altText: 'The sun going down',
      vaultMode: true,
      vaultKind: 'escrow',
      lockAmount: '0.5',
      multiplier: '3',
      durationDays: '10',
      capsuleMode: false,
      unlockAt: '',
      replyPolicy: 'everyone',
      attachment: { name: 'sunset.png', kind: 'image' },
      savedAt: NOW.toISOString(),
    });
    const read = parseDraft(JSON.stringify(draft));
    expect(read).toEqual(draft);
    // The file comes back from IndexedDB, not from here.
    expect(stateOfDraft(read)).toEqual({ ...written, attachment: null });
  });

  it('keeps a time capsule and its opening time; reads drafts from before capsules', () => {
    const capsule = state({
      text: 'Open me in spring',
      capsuleMode: true,
      unlockAt: '2027-03-20T09:00',
    });
    const draft = draftOf(capsule, NOW);
    expect(draft).toMatchObject({ capsuleMode: true, unlockAt: '2027-03-20T09:00' });
    expect(stateOfDraft(parseDraft(JSON.stringify(draft)))).toEqual(capsule);
    const { capsuleMode: _mode, unlockAt: _at, ...older } = draft!;
    expect(stateOfDraft(parseDraft(JSON.stringify(older)))).toMatchObject({
      capsuleMode: false,
      unlockAt: '',
    });
    // A vault and a capsule at once cannot be: such a draft is dropped.
    expect(parseDraft(JSON.stringify({ ...draft, vaultMode: true }))).toBeNull();
  });

  it('keeps who may reply; reads drafts from before the picker as everyone', () => {
    const limited = state({ text: 'friends only', replyPolicy: 'following' });
    const draft = draftOf(limited, NOW)!;
    expect(stateOfDraft(parseDraft(JSON.stringify(draft)))).toEqual(limited);
    const { replyPolicy: _policy, ...older } = draft;
    expect(stateOfDraft(parseDraft(JSON.stringify(older))).replyPolicy).toBe('everyone');
    expect(parseDraft(JSON.stringify({ ...draft, replyPolicy: 'nobody' }))).toBeNull();
  });

  it('keeps a poll as typed; drops a draft whose poll cannot be', () => {
    const poll = { options: ['Tea', ''], durationHours: 6 };
    const polled = state({ poll });
    expect(hasDraftContent(polled)).toBe(true);
    const draft = draftOf(polled, NOW)!;
    expect(draft.poll).toEqual(poll);
    expect(stateOfDraft(parseDraft(JSON.stringify(draft)))).toEqual(polled);
    // Drafts from before polls have none.
    expect(draftOf(state({ text: 'plain' }), NOW)).not.toHaveProperty('poll');
    for (const bad of [
      { ...draft, poll: { options: ['only one'], durationHours: 6 } },
      { ...draft, poll: { options: ['a', 'b'], durationHours: '6' } },
      { ...draft, poll: { options: ['a', 2], durationHours: 6 } },
      { ...draft, vaultMode: true },
    ]) {
      expect(parseDraft(JSON.stringify(bad))).toBeNull();
    }
  });

  it('drops alt text that has no image to describe', () => {
    const draft = draftOf(state({ text: 'hi', altText: 'stale' }), NOW);
    expect(stateOfDraft(draft).altText).toBe('');
    expect(stateOfDraft(null)).toBe(INITIAL_COMPOSER_STATE);
  });

  it('ignores a draft it cannot trust, whole', () => {
    const good = draftOf(state({ text: 'gm' }), NOW)!;
    for (const raw of [
      null,
      '',
      'not json',
      '42',
      'null',
      JSON.stringify({ ...good, v: 2 }),
      JSON.stringify({ ...good, text: 7 }),
      JSON.stringify({ ...good, vaultMode: 'yes' }),
      JSON.stringify({ ...good, vaultKind: 'mystery' }),
      JSON.stringify({ ...good, attachment: { name: 'a.png', kind: 'video' } }),
      JSON.stringify({ ...good, attachment: 'a.png' }),
    ]) {
      expect(parseDraft(raw), String(raw)).toBeNull();
    }
  });

  it('is kept per wallet in localStorage, removed once empty, and cleared on demand', () => {
    const storage = window.localStorage;
    storage.clear();
    expect(saveDraft(storage, WALLET, state({ text: 'one' }), NOW)).toBe(true);
    expect(storage.getItem(draftKey(WALLET))).toContain('"text":"one"');
    expect(loadDraft(storage, WALLET)?.text).toBe('one');
    expect(loadDraft(storage, 'AnotherWallet')).toBeNull();
    saveDraft(storage, WALLET, INITIAL_COMPOSER_STATE, NOW);
    expect(storage.getItem(draftKey(WALLET))).toBeNull();
    saveDraft(storage, WALLET, state({ text: 'two' }), NOW);
    clearDraft(storage, WALLET);
    expect(loadDraft(storage, WALLET)).toBeNull();
  });

  it('says so when the browser refuses to keep it, and reads nothing from a broken storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(saveDraft(refusing, WALLET, state({ text: 'gm' }), NOW)).toBe(false);
    expect(loadDraft(refusing, WALLET)).toBeNull();
    expect(() => clearDraft(refusing, WALLET)).not.toThrow();
  });
});
