import {
  checkVaultAmount,
  VAULT_MAX_TARGET_LAMPORTS,
  VAULT_MAX_TARGET_SOL,
  VAULT_MESSAGES,
} from '@dum/core';
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dispatch, SubmitEvent } from 'react';
import { toast } from '../../components/ui/use-toast.ts';
import { checkUnlockInput } from '../capsules/index.ts';
import { checkPollDraft } from '../polls/index.ts';
import { vaultsEnabledIn } from '../vaults/index.ts';
import { useWallet } from '../wallet/index.ts';
import { isEscrowMode, type ComposerAction, type ComposerState } from './composer-state.ts';
import { useCreatePost } from '../post/index.ts';
import { SIGN_IN_REQUIRED } from '../auth/index.ts';
import { charactersLeft, POST_MAX_LENGTH } from '../post/index.ts';
import type { FeedPost } from '../post/index.ts';

interface EscrowPostRequest {
  body: string;
  attachment: File | null;
  altText?: string | undefined;
  multiplier: string;
  durationDays: string;
}

/** Creating an escrow vault post: the whole flow (and its toasts) loads on first use. */
function useCreateEscrowPost(viewerWallet: string | null) {
  const queryClient = useQueryClient();
  const { wallet, account, config } = useWallet();
  return useMutation({
    mutationFn: async (input: EscrowPostRequest) => {
      const { createEscrowPost } = await import('../vaults/escrow-entry.ts');
      return createEscrowPost({ wallet, account, config, viewerWallet, queryClient }, input);
    },
  });
}

function destructive(title: string, description: string): void {
  toast({ title, description, variant: 'destructive' });
}

/** Why a direct vault's typed target is refused, or null when it is fine. */
function lockAmountProblem(lockAmount: string): string | null {
  const check = checkVaultAmount(lockAmount, { max: VAULT_MAX_TARGET_LAMPORTS });
  if (check.ok) return null;
  const max = VAULT_MAX_TARGET_SOL;
  return check.reason === 'below_minimum'
    ? VAULT_MESSAGES.minimum
    : check.reason === 'above_maximum'
      ? t`A vault can lock at most ${max} SOL`
      : t`Please enter a valid numeric amount.`;
}

/**
 * Posting what the composer holds: a plain or direct-vault post through the API, or an escrow
 * vault through the chain flow; the composer clears once it went out. Refusals are toasts.
 */
export function useComposerSubmit(
  state: ComposerState,
  dispatch: Dispatch<ComposerAction>,
  viewerWallet: string | null,
  /** After a post went out and the composer was cleared. */
  onPosted?: (post: FeedPost) => void,
) {
  const create = useCreatePost();
  const createEscrow = useCreateEscrowPost(viewerWallet);
  const vaultsEnabled = vaultsEnabledIn(useWallet().config);
  const pending = create.isPending || createEscrow.isPending;

  const submit = (event?: SubmitEvent) => {
    event?.preventDefault();
    if (pending) return;
    // The session can end while the composer is open (another tab signed out, a refresh failed).
    if (!viewerWallet) {
      destructive(SIGN_IN_REQUIRED.title, SIGN_IN_REQUIRED.description);
      return;
    }
    const body = state.text.trim();
    if (!body) {
      destructive(t`Content required`, t`Please write something to post`);
      return;
    }
    if (charactersLeft(state.text, POST_MAX_LENGTH) < 0) return;
    if (state.vaultMode && !vaultsEnabled) {
      destructive(VAULT_MESSAGES.disabledTitle, VAULT_MESSAGES.disabled);
      return;
    }
    const attachment = state.attachment?.file ?? null;
    const { replyPolicy } = state;
    const altText = (state.attachment?.kind === 'image' && state.altText.trim()) || undefined;
    const onSuccess = (post: FeedPost) => {
      dispatch({ type: 'posted' });
      onPosted?.(post);
    };
    if (state.capsuleMode) {
      const unlock = checkUnlockInput(state.unlockAt, Date.now());
      if (!unlock.ok) {
        destructive(t`Failed to Post`, unlock.message);
        return;
      }
      create.mutate(
        { body, attachment, altText, unlockAt: unlock.iso, replyPolicy },
        { onSuccess },
      );
      return;
    }
    if (isEscrowMode(state)) {
      const { multiplier, durationDays } = state;
      createEscrow.mutate({ body, attachment, altText, multiplier, durationDays }, { onSuccess });
      return;
    }
    const problem = state.vaultMode ? lockAmountProblem(state.lockAmount) : null;
    if (problem !== null) {
      destructive(t`Failed to Post`, problem);
      return;
    }
    const vaultTarget = state.vaultMode ? state.lockAmount.trim() : undefined;
    const poll = state.poll && !state.vaultMode ? checkPollDraft(state.poll) : null;
    if (poll && !poll.ok) {
      destructive(t`Failed to Post`, poll.message);
      return;
    }
    create.mutate(
      { body, attachment, altText, vaultTarget, replyPolicy, poll: poll?.poll },
      { onSuccess },
    );
  };

  return { submit, pending };
}
