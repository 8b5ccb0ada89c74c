import { POLL_MAX_OPTIONS, POLL_MIN_OPTIONS, REPLY_POLICIES, type ReplyPolicy } from '@dum/core';
import { INITIAL_COMPOSER_STATE, type ComposerState, type VaultKind } from '../feed/index.ts';
import type { AttachmentKind } from '../post/index.ts';
import type { PollDraft } from '../polls/index.ts';

function isReplyPolicy(value: unknown): value is ReplyPolicy {
  return (REPLY_POLICIES as readonly unknown[]).includes(value);
}

/**
 * The Create page's draft: what the composer holds, kept in localStorage (one per wallet) until
 * it is posted or discarded, and put back when the person returns. The attached file itself is
 * kept in IndexedDB (draft-media-store.ts); here only its name and kind.
 */

export const DRAFT_VERSION = 1;

export interface StoredDraft {
  v: typeof DRAFT_VERSION;
  text: string;
  altText: string;
  vaultMode: boolean;
  vaultKind: VaultKind;
  lockAmount: string;
  multiplier: string;
  durationDays: string;
  /** A time capsule, and when it opens (the picker's local date-time text). */
  capsuleMode?: boolean;
  unlockAt?: string;
  /** Who may reply (absent in drafts from before the picker: everyone). */
  replyPolicy?: ReplyPolicy;
  /** A poll as typed (absent without one, and in drafts from before polls). */
  poll?: PollDraft;
  /** The attachment's name and kind (its bytes are in IndexedDB, if the browser kept them). */
  attachment: { name: string; kind: AttachmentKind } | null;
  /** When it was last written (ISO), to say "Draft saved". */
  savedAt: string;
}

/** The localStorage key of a wallet's draft. */
export function draftKey(wallet: string): string {
  return `dum.create-draft.${wallet}`;
}

/**
 * Whether the composer holds anything worth keeping: text, a file, alt text, vault or time
 * capsule mode.
 */
export function hasDraftContent(state: ComposerState): boolean {
  return (
    state.text.trim() !== '' ||
    state.attachment !== null ||
    state.altText.trim() !== '' ||
    state.vaultMode ||
    state.capsuleMode ||
    state.poll !== null
  );
}

/** The draft to keep for this state, or null when there is nothing to keep. */
export function draftOf(state: ComposerState, now: Date): StoredDraft | null {
  if (!hasDraftContent(state)) return null;
  return {
    v: DRAFT_VERSION,
    text: state.text,
    altText: state.altText,
    vaultMode: state.vaultMode,
    vaultKind: state.vaultKind,
    lockAmount: state.lockAmount,
    multiplier: state.multiplier,
    durationDays: state.durationDays,
    capsuleMode: state.capsuleMode,
    unlockAt: state.unlockAt,
    replyPolicy: state.replyPolicy,
    ...(state.poll ? { poll: state.poll } : {}),
    attachment: state.attachment
      ? { name: state.attachment.file.name, kind: state.attachment.kind }
      : null,
    savedAt: now.toISOString(),
  };
}

/**
 * A stored draft read back, or null when there is none or it cannot be trusted (another
 * version, hand-edited, cut short): a bad draft is dropped, never half restored.
 */
export function parseDraft(raw: string | null): StoredDraft | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const draft = value as Record<string, unknown>;
  const strings: (keyof StoredDraft)[] = [
    'text',
    'altText',
    'lockAmount',
    'multiplier',
    'durationDays',
    'savedAt',
  ];
  if (draft.v !== DRAFT_VERSION) return null;
  if (!strings.every((field) => typeof draft[field] === 'string')) return null;
  if (typeof draft.vaultMode !== 'boolean') return null;
  // Drafts from before time capsules have neither field.
  if (draft.capsuleMode !== undefined && typeof draft.capsuleMode !== 'boolean') return null;
  if (draft.unlockAt !== undefined && typeof draft.unlockAt !== 'string') return null;
  if (draft.vaultMode && draft.capsuleMode === true) return null;
  if (draft.vaultKind !== 'direct' && draft.vaultKind !== 'escrow') return null;
  if (draft.replyPolicy !== undefined && !isReplyPolicy(draft.replyPolicy)) return null;
  if (
    draft.poll !== undefined &&
    (!isPollDraft(draft.poll) || draft.vaultMode || draft.capsuleMode)
  )
    return null;
  const attachment = draft.attachment;
  if (attachment !== null) {
    if (typeof attachment !== 'object') return null;
    const { name, kind } = attachment as Record<string, unknown>;
    if (typeof name !== 'string' || (kind !== 'image' && kind !== 'audio')) return null;
  }
  return value as StoredDraft;
}

/** The composer's state for a stored draft, without its file (which comes back separately). */
export function stateOfDraft(draft: StoredDraft | null): ComposerState {
  if (!draft) return INITIAL_COMPOSER_STATE;
  return {
    ...INITIAL_COMPOSER_STATE,
    text: draft.text,
    altText: draft.attachment?.kind === 'image' ? draft.altText : '',
    vaultMode: draft.vaultMode,
    vaultKind: draft.vaultKind,
    lockAmount: draft.lockAmount,
    multiplier: draft.multiplier,
    durationDays: draft.durationDays,
    capsuleMode: draft.capsuleMode ?? false,
    unlockAt: draft.unlockAt ?? INITIAL_COMPOSER_STATE.unlockAt,
    replyPolicy: draft.replyPolicy ?? INITIAL_COMPOSER_STATE.replyPolicy,
    poll: draft.poll ?? null,
  };
}

/** A stored poll as the composer holds one: 2 to 4 option texts and a length in hours. */
function isPollDraft(value: unknown): value is PollDraft {
  if (typeof value !== 'object' || value === null) return false;
  const { options, durationHours } = value as Record<string, unknown>;
  return (
    Array.isArray(options) &&
    options.length >= POLL_MIN_OPTIONS &&
    options.length <= POLL_MAX_OPTIONS &&
    options.every((option) => typeof option === 'string') &&
    typeof durationHours === 'number' &&
    Number.isInteger(durationHours)
  );
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The wallet's draft; null when there is none or storage is unavailable. */
export function loadDraft(storage: DraftStorage, wallet: string): StoredDraft | null {
  try {
    return parseDraft(storage.getItem(draftKey(wallet)));
  } catch {
    return null;
  }
}

/**
 * Keeps the state as the wallet's draft (removes it when there is nothing to keep). False when
 * the browser refused (storage full or switched off): the page then says the draft is not kept.
 */
export function saveDraft(
  storage: DraftStorage,
  wallet: string,
  state: ComposerState,
  now: Date,
): boolean {
  const draft = draftOf(state, now);
  try {
    if (draft) storage.setItem(draftKey(wallet), JSON.stringify(draft));
    else storage.removeItem(draftKey(wallet));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(storage: DraftStorage, wallet: string): void {
  try {
    storage.removeItem(draftKey(wallet));
  } catch {
    // Nothing was kept then either.
  }
}
