import type { EscrowSyncResponse } from '@dum/core';
import {
  checkDurationDays,
  checkMultiplier,
  INPUT_MESSAGES,
  VaultInputError,
} from '@dum/chain/vault-program';
import { t } from '@lingui/core/macro';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { POST_ROOT, showNewPost } from '../post/index.ts';
import { MediaUploadError, uploadMedia } from '../post/index.ts';
import type { FeedPost, UploadResponse } from '../post/index.ts';
import { walletChain } from '../wallet/index.ts';
import type { ClusterConfig } from '../wallet/index.ts';
import { getSolBalance } from '../wallet/index.ts';
import { chainReader, escrowErrorMessage, sendAndConfirm } from './escrow-chain.ts';
import { createEscrowOnChain, type EscrowMedia, type EscrowSteps } from './escrow-flow.ts';
import { applyVault } from './escrow-queries.ts';
import { fetchMediaHash, toHex } from './media-hash.ts';
import { inputErrorText } from './escrow-messages.ts';
import { VAULTS_ROOT } from './vault-queries.ts';
import { canSendTransfers } from '../wallet/index.ts';

/** The server takes 1 to 30 days (the escrow contract). */
export const MAX_ESCROW_DURATION_DAYS = 30;

export interface EscrowPostInput {
  body: string;
  attachment: File | null;
  /** The attached image's alt text (trimmed, non-empty), sent only with an image. */
  altText?: string | undefined;
  multiplier: string;
  durationDays: string;
}

export interface EscrowPostContext {
  wallet: Wallet | null;
  account: WalletAccount | null;
  config: ClusterConfig | undefined;
  /** The signed-in wallet (the creator): the connected wallet must be this one. */
  viewerWallet: string | null;
  queryClient: QueryClient;
}

/** The vault of a post, and whether it is an escrow one with its chain facts. */
function escrowOf(post: FeedPost) {
  const vault = post.vault;
  if (!vault || vault.kind !== 'escrow' || !vault.escrow) {
    throw new Error('The server did not create an escrow vault');
  }
  return { vault, escrow: vault.escrow };
}

function whole(text: string, field: 'multiplier' | 'durationDays'): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) throw new VaultInputError(field, INPUT_MESSAGES[field]);
  return Number(trimmed);
}

/** Thrown when nothing was created, so the composer keeps what was typed. */
export class EscrowPostError extends Error {}

/** Toasts why nothing was created and rejects. */
function failed(description: string, title?: string): never {
  toast({ title: title ?? t`Failed to Post`, description, variant: 'destructive' });
  throw new EscrowPostError(description);
}

/** The vault's terms as typed: whole numbers, multiplier 1–10, 1–30 days; else why not. */
export function checkEscrowTerms(
  input: Pick<EscrowPostInput, 'multiplier' | 'durationDays'>,
): { ok: true; multiplier: number; durationDays: number } | { ok: false; message: string } {
  let multiplier: number;
  let durationDays: number;
  try {
    multiplier = checkMultiplier(whole(input.multiplier, 'multiplier'));
    durationDays = checkDurationDays(whole(input.durationDays, 'durationDays'));
  } catch (error) {
    return {
      ok: false,
      message: error instanceof Error ? inputErrorText(error.message) : errorMessage(error),
    };
  }
  if (durationDays > MAX_ESCROW_DURATION_DAYS) {
    const max = MAX_ESCROW_DURATION_DAYS;
    return { ok: false, message: t`durationDays must be at most ${max}` };
  }
  return { ok: true, multiplier, durationDays };
}

type EscrowUpload = EscrowMedia & { url: string; kind: UploadResponse['mediaType'] };

/** Uploads the attachment and hashes it as viewers will download it (images are re-encoded). */
async function uploadEscrowMedia(attachment: File): Promise<EscrowUpload> {
  let uploaded: UploadResponse;
  try {
    uploaded = await uploadMedia(attachment);
  } catch (error) {
    const upload = new MediaUploadError(error);
    const reason = upload.message;
    toast({ title: t`Failed to upload media: ${reason}`, variant: 'destructive' });
    throw new EscrowPostError(upload.message);
  }
  try {
    const served = await fetchMediaHash(uploaded.mediaUrl);
    return {
      url: uploaded.mediaUrl,
      kind: uploaded.mediaType,
      contentHash: served.hash,
      mediaType: uploaded.mediaType,
      size: served.size,
    };
  } catch (error) {
    return failed(escrowErrorMessage(error));
  }
}

/** The post with its vault pending (the server records the terms and the media's hash). */
async function submitEscrowPost(
  body: string,
  terms: { multiplier: number; durationDays: number },
  media: EscrowUpload | null,
  altText: string | undefined,
): Promise<FeedPost> {
  try {
    return await apiRequest<FeedPost>(POST_ROOT, {
      method: 'POST',
      body: {
        body,
        kind: 'vault',
        ...(media?.kind === 'image'
          ? { imageUrl: media.url, ...(altText ? { altText } : {}) }
          : {}),
        ...(media?.kind === 'audio' ? { audioUrl: media.url } : {}),
        escrow: {
          ...terms,
          ...(media ? { contentHash: toHex(media.contentHash) } : {}),
        },
      },
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'vaults_disabled') {
      return failed(errorMessage(error), t`Vaults disabled`);
    }
    return failed(errorMessage(error instanceof ApiError ? error : null));
  }
}

/**
 * Creates an escrow vault post: the checks (multiplier 1–10, 1–30 days, a wallet
 * that can sign as the signed-in one), the upload, the SHA-256 of the media as the server
 * serves it, the post (its vault pending), then create_vault (+ add_media_ref) signed by the
 * creator's wallet and the sync. Every failure gets its toast. Resolves with the post once it
 * exists — a failed chain step leaves it pending, with 'Confirm on chain' on its card — and
 * rejects when nothing was created.
 */
export async function createEscrowPost(
  context: EscrowPostContext,
  input: EscrowPostInput,
): Promise<FeedPost> {
  const terms = checkEscrowTerms(input);
  if (!terms.ok) return failed(terms.message);
  const { multiplier, durationDays } = terms;

  const { wallet, account, config } = context;
  const signer = wallet && account && config && canSendTransfers(wallet, account) ? account : null;
  if (!signer || !wallet || !config || signer.address !== context.viewerWallet) {
    return failed(t`Wallet not connected`);
  }
  const transferContext = {
    wallet,
    account: signer,
    chain: walletChain(config.cluster),
    rpcUrl: config.rpcUrl,
  };

  const media = input.attachment ? await uploadEscrowMedia(input.attachment) : null;
  const post = await submitEscrowPost(
    input.body,
    { multiplier, durationDays },
    media,
    input.altText,
  );
  // The creator sees the pending vault at once; it turns live after the sync.
  await showNewPost(context.queryClient, post);

  const steps: EscrowSteps = {
    wallet: signer.address,
    getBalance: (address) => getSolBalance(config.rpcUrl, address),
    sendAndConfirm: (instructions) => sendAndConfirm(transferContext, instructions),
    reader: chainReader(config.rpcUrl, post.vault?.escrow?.programId ?? ''),
    sync: (vaultId, signature) =>
      apiRequest<EscrowSyncResponse>(`${VAULTS_ROOT}/${encodeURIComponent(vaultId)}/escrow/sync`, {
        method: 'POST',
        body: signature ? { signature } : {},
      }),
  };
  try {
    const { vault, escrow } = escrowOf(post);
    const outcome = await createEscrowOnChain(
      steps,
      { vaultId: vault.id, escrow, durationDays },
      media,
    );
    if (outcome.vault) applyVault(context.queryClient, post.id, outcome.vault);
    for (const key of ['/api/users', '/api/emissions/platform-stats', '/api/activity/recent']) {
      void context.queryClient.invalidateQueries({ queryKey: [key] });
    }
    toast({ title: t`Posted!`, description: t`Your post is now live`, variant: 'success' });
  } catch (error) {
    const reason = escrowErrorMessage(error).replace(/\.$/, '');
    toast({
      title: t`Vault not confirmed on chain`,
      description: t`${reason}. Your post is saved: press Confirm on chain on it to try again.`,
      variant: 'destructive',
    });
  }
  return post;
}
