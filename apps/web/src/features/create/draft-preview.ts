import { t } from '@lingui/core/macro';
import {
  checkVaultAmount,
  FREE_POST_TTL_MS,
  VAULT_DURATION_MS,
  VAULT_MAX_TARGET_LAMPORTS,
} from '@dum/core';
import type { ComposerState } from '../feed/index.ts';
import { untouchedPostFields, type FeedPost } from '../post/index.ts';

/** Who the preview shows as the author: the signed-in member's public profile. */
export interface PreviewAuthor {
  id: string;
  wallet: string;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  isVerified: boolean;
}

/** The preview's stand-in id: never sent anywhere (the preview is inert). */
export const DRAFT_POST_ID = 'draft';

/**
 * The post the composer would make, as the feed's PostCard shows it: the text as typed, the
 * attached file (`mediaUrl`, an object URL), a free post's 24 hours or a direct vault's panel at
 * zero of its target. An escrow vault's panel needs the chain, so its preview is the post alone.
 */
export function draftPreviewPost(
  state: ComposerState,
  author: PreviewAuthor,
  mediaUrl: string | null,
  now: Date,
): FeedPost {
  const image = state.attachment?.kind === 'image' ? mediaUrl : null;
  const audio = state.attachment?.kind === 'audio' ? mediaUrl : null;
  const createdAt = now.toISOString();
  const vault = state.vaultMode && state.vaultKind === 'direct';
  return {
    id: DRAFT_POST_ID,
    kind: state.vaultMode ? 'vault' : state.capsuleMode ? 'capsule' : 'public',
    body: state.text.trim(),
    content: state.text.trim(),
    createdAt,
    expiresAt:
      state.vaultMode || state.capsuleMode
        ? null
        : new Date(now.getTime() + FREE_POST_TTL_MS).toISOString(),
    author: {
      id: author.id,
      avatarUrl: author.avatarUrl,
      displayName: author.displayName,
      username: author.username,
      isVerified: author.isVerified,
    },
    author_wallet: author.wallet,
    imageUrl: image,
    altText: image ? state.altText.trim() || null : null,
    audioUrl: audio,
    vault: vault
      ? {
          id: DRAFT_POST_ID,
          status: 'active',
          currentAmount: '0',
          targetAmount: previewTarget(state.lockAmount),
          supporterCount: 0,
          createdAt,
          endsAt: new Date(now.getTime() + VAULT_DURATION_MS).toISOString(),
          creator: { walletAddress: author.wallet },
          kind: 'direct',
          escrow: null,
        }
      : null,
    // The author sees their own vault's media, and their own sealed capsule's words.
    locked: state.vaultMode ? false : undefined,
    capsule: state.capsuleMode
      ? {
          unlockAt: previewUnlockAt(state.unlockAt, now),
          sealed: true,
          waitingCount: 0,
          notifying: false,
        }
      : null,
    ...untouchedPostFields(),
    poll: state.poll ? previewPoll(state.poll.options, state.poll.durationHours, now) : null,
  };
}

/** An option left empty, as the preview names it: "Option 2". */
function optionPlaceholder(position: number): string {
  return t`Option ${position}`;
}

/** The poll as its first reader will see it: the options as typed, no counts yet. */
function previewPoll(options: string[], hours: number, now: Date): NonNullable<FeedPost['poll']> {
  return {
    options: options.map((text, i) => ({
      text: text.trim() || optionPlaceholder(i + 1),
      votes: null,
    })),
    totalVotes: null,
    endsAt: new Date(now.getTime() + Math.min(hours * 3_600_000, FREE_POST_TTL_MS)).toISOString(),
    ended: false,
    viewerVote: null,
  };
}

/** The picked opening time as ISO; an hour from now while none is picked (the form says why). */
function previewUnlockAt(unlockAt: string, now: Date): string {
  const picked = new Date(unlockAt).getTime();
  return new Date(Number.isNaN(picked) ? now.getTime() + 3_600_000 : picked).toISOString();
}

/** The typed target in lamports, or 0 while it is not a valid amount (the form says why). */
function previewTarget(lockAmount: string): string {
  const check = checkVaultAmount(lockAmount, { max: VAULT_MAX_TARGET_LAMPORTS });
  return check.ok ? check.lamports.toString() : '0';
}
