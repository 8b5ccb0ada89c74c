import { DEFAULT_VAULT_LOCK_SOL, type ReplyPolicy } from '@dum/core';
import type { AttachmentKind } from '../post/index.ts';
import type { PollDraft } from '../polls/index.ts';

export type VaultKind = 'direct' | 'escrow';

export interface Attachment {
  file: File;
  kind: AttachmentKind;
}

/** Everything the signed-in composer holds between keystrokes. */
export interface ComposerState {
  text: string;
  attachment: Attachment | null;
  /** The attached image's description for screen readers, as typed (sent trimmed). */
  altText: string;
  vaultMode: boolean;
  /** Time capsule mode: the post is sealed until `unlockAt` (a datetime-local value). */
  capsuleMode: boolean;
  unlockAt: string;
  vaultKind: VaultKind;
  /** A direct vault's target, as typed (SOL). */
  lockAmount: string;
  /** An escrow vault's multiplier and duration, as typed. */
  multiplier: string;
  durationDays: string;
  /** Who may reply to the post. */
  replyPolicy: ReplyPolicy;
  /** A poll on the post (plain posts only: not with a vault or a time capsule). */
  poll: PollDraft | null;
}

export type ComposerAction =
  | { type: 'text'; text: string }
  | { type: 'attach'; attachment: Attachment }
  | { type: 'detach' }
  | { type: 'altText'; text: string }
  | { type: 'toggleVault' }
  | { type: 'vaultMode'; on: boolean }
  | { type: 'toggleCapsule' }
  | { type: 'unlockAt'; value: string }
  | { type: 'vaultKind'; kind: VaultKind }
  | { type: 'lockAmount'; value: string }
  | { type: 'multiplier'; value: string }
  | { type: 'durationDays'; value: string }
  | { type: 'replyPolicy'; policy: ReplyPolicy }
  | { type: 'poll'; poll: PollDraft | null }
  | { type: 'posted' };

export const INITIAL_COMPOSER_STATE: ComposerState = {
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
};

/**
 * The composer's state changes. Leaving vault mode keeps the vault fields as typed (turning it
 * back on shows them again); another attachment, or none, drops the alt text (it described the
 * old image); a post that went out clears everything.
 */
export function composerReducer(state: ComposerState, action: ComposerAction): ComposerState {
  switch (action.type) {
    case 'text':
      return { ...state, text: action.text };
    case 'attach':
      return { ...state, attachment: action.attachment, altText: '' };
    case 'detach':
      return { ...state, attachment: null, altText: '' };
    case 'altText':
      return { ...state, altText: action.text };
    case 'toggleVault':
      // A post is a vault or a time capsule, not both; a poll goes on a plain post only.
      return { ...state, vaultMode: !state.vaultMode, capsuleMode: false, poll: null };
    case 'vaultMode':
      if (state.vaultMode === action.on && (!action.on || !state.capsuleMode)) return state;
      return {
        ...state,
        vaultMode: action.on,
        capsuleMode: action.on ? false : state.capsuleMode,
        poll: action.on ? null : state.poll,
      };
    case 'toggleCapsule':
      return { ...state, capsuleMode: !state.capsuleMode, vaultMode: false, poll: null };
    case 'unlockAt':
      return { ...state, unlockAt: action.value };
    case 'vaultKind':
      return { ...state, vaultKind: action.kind };
    case 'lockAmount':
      return { ...state, lockAmount: action.value };
    case 'multiplier':
      return { ...state, multiplier: action.value };
    case 'durationDays':
      return { ...state, durationDays: action.value };
    case 'replyPolicy':
      return { ...state, replyPolicy: action.policy };
    case 'poll':
      return action.poll
        ? { ...state, poll: action.poll, vaultMode: false, capsuleMode: false }
        : { ...state, poll: null };
    case 'posted':
      return INITIAL_COMPOSER_STATE;
  }
}

/** True when the post being written is an on-chain escrow vault. */
export function isEscrowMode(state: ComposerState): boolean {
  return state.vaultMode && state.vaultKind === 'escrow';
}
