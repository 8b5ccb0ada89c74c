import { DEFAULT_VAULT_LOCK_SOL } from '@dum/core';
import { describe, expect, it } from 'vitest';
import {
  composerReducer,
  INITIAL_COMPOSER_STATE,
  isEscrowMode,
  type ComposerAction,
  type ComposerState,
} from './composer-state.ts';

function run(...actions: ComposerAction[]): ComposerState {
  return actions.reduce(composerReducer, INITIAL_COMPOSER_STATE);
}

const photo = { file: new File(['x'], 'a.png', { type: 'image/png' }), kind: 'image' as const };

describe('composerReducer', () => {
  it('starts empty, out of vault mode, with the default vault fields', () => {
    expect(INITIAL_COMPOSER_STATE).toEqual({
      text: '',
      attachment: null,
      altText: '',
      vaultMode: false,
      capsuleMode: false,
      unlockAt: '',
      vaultKind: 'direct',
      lockAmount: DEFAULT_VAULT_LOCK_SOL,
      multiplier: '2',
      durationDays: '7',
      replyPolicy: 'everyone',
      poll: null,
    });
  });

  it('sets each field it is given and leaves the others alone', () => {
    const state = run(
      { type: 'text', text: 'hello' },
      { type: 'attach', attachment: photo },
      { type: 'altText', text: 'a cat' },
      { type: 'lockAmount', value: '0.5' },
      { type: 'multiplier', value: '3' },
      { type: 'durationDays', value: '10' },
      { type: 'vaultKind', kind: 'escrow' },
    );
    expect(state).toEqual({
      text: 'hello',
      attachment: photo,
      altText: 'a cat',
      vaultMode: false,
      capsuleMode: false,
      unlockAt: '',
      vaultKind: 'escrow',
      lockAmount: '0.5',
      multiplier: '3',
      durationDays: '10',
      replyPolicy: 'everyone',
      poll: null,
    });
    expect(composerReducer(state, { type: 'detach' }).attachment).toBeNull();
  });

  it('puts a poll on a plain post only: a vault or a time capsule drops it, and it drops them', () => {
    const draft = { options: ['Yes', 'No'], durationHours: 6 };
    const polled = run({ type: 'toggleCapsule' }, { type: 'poll', poll: draft });
    expect(polled).toMatchObject({ poll: draft, capsuleMode: false, vaultMode: false });
    expect(composerReducer(polled, { type: 'toggleVault' })).toMatchObject({
      poll: null,
      vaultMode: true,
    });
    expect(composerReducer(polled, { type: 'toggleCapsule' }).poll).toBeNull();
    expect(composerReducer(polled, { type: 'vaultMode', on: true }).poll).toBeNull();
    expect(composerReducer(polled, { type: 'poll', poll: null }).poll).toBeNull();
    expect(composerReducer(polled, { type: 'posted' }).poll).toBeNull();
  });

  it('drops the alt text with its image: on Remove and when another file is attached', () => {
    const described = run(
      { type: 'attach', attachment: photo },
      { type: 'altText', text: 'a cat' },
    );
    expect(composerReducer(described, { type: 'detach' }).altText).toBe('');
    const other = { ...photo, file: new File(['y'], 'b.png', { type: 'image/png' }) };
    expect(composerReducer(described, { type: 'attach', attachment: other }).altText).toBe('');
    // Typing elsewhere keeps it.
    expect(composerReducer(described, { type: 'text', text: 'hi' }).altText).toBe('a cat');
  });

  it('toggles vault mode, keeping the vault fields as typed', () => {
    const on = run({ type: 'toggleVault' }, { type: 'lockAmount', value: '0.3' });
    expect(on.vaultMode).toBe(true);
    const off = composerReducer(on, { type: 'toggleVault' });
    expect(off.vaultMode).toBe(false);
    expect(off.lockAmount).toBe('0.3');
  });

  it('sets vault mode on or off as picked (the Create page), the same state when unchanged', () => {
    const on = run({ type: 'vaultMode', on: true }, { type: 'lockAmount', value: '0.3' });
    expect(on.vaultMode).toBe(true);
    expect(composerReducer(on, { type: 'vaultMode', on: true })).toBe(on);
    const off = composerReducer(on, { type: 'vaultMode', on: false });
    expect(off).toEqual({ ...on, vaultMode: false });
    // Picking vault mode leaves capsule mode.
    const fromCapsule = run({ type: 'toggleCapsule' }, { type: 'vaultMode', on: true });
    expect(fromCapsule).toMatchObject({ vaultMode: true, capsuleMode: false });
  });

  it('is a vault or a time capsule, never both, and keeps the unlock time as picked', () => {
    const capsule = run({ type: 'toggleVault' }, { type: 'toggleCapsule' });
    expect(capsule).toMatchObject({ vaultMode: false, capsuleMode: true });
    const picked = composerReducer(capsule, { type: 'unlockAt', value: '2027-01-01T12:00' });
    expect(picked.unlockAt).toBe('2027-01-01T12:00');
    expect(composerReducer(picked, { type: 'toggleVault' })).toMatchObject({
      vaultMode: true,
      capsuleMode: false,
    });
  });

  it('clears everything once a post went out', () => {
    const state = run(
      { type: 'text', text: 'hello' },
      { type: 'attach', attachment: photo },
      { type: 'altText', text: 'a cat' },
      { type: 'toggleVault' },
      { type: 'vaultKind', kind: 'escrow' },
      { type: 'multiplier', value: '9' },
    );
    expect(composerReducer(state, { type: 'posted' })).toEqual(INITIAL_COMPOSER_STATE);
  });

  it('is in escrow mode only in vault mode with the escrow kind picked', () => {
    expect(isEscrowMode(run({ type: 'vaultKind', kind: 'escrow' }))).toBe(false);
    expect(isEscrowMode(run({ type: 'toggleVault' }))).toBe(false);
    expect(isEscrowMode(run({ type: 'toggleVault' }, { type: 'vaultKind', kind: 'escrow' }))).toBe(
      true,
    );
  });
});
