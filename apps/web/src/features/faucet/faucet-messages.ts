import { formatBaseUnitsExact, parseBaseUnits, type FaucetResponse } from '@dum/core';
import { t } from '@lingui/core/macro';
import type { ToastInput } from '../../components/ui/use-toast.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDecimal } from '../../lib/i18n/index.ts';

/** The public devnet faucet: on devnet the app links there instead of calling its own. */
export const DEVNET_FAUCET_URL = 'https://faucet.solana.com';

/** The faucet's labels; getters, so each read is in the active language. */
export const FAUCET_LABELS = {
  get action() {
    return t`Get test SOL`;
  },
  get busy() {
    return t`Getting test SOL...`;
  },
  get devnet() {
    return t`Get devnet SOL at faucet.solana.com`;
  },
};

/** The faucet's failure texts (spec section 8, Faucet), verbatim in English. */
export const FAUCET_MESSAGES = {
  get unauthorized() {
    return t`Authentication Required`;
  },
  get rateLimited() {
    return t`Faucet rate limit reached. Please try again later.`;
  },
  get network() {
    return t`Network error. Please check your connection and try again.`;
  },
  get failed() {
    return t`Faucet Failed`;
  },
};

/**
 * Which test-SOL offer a cluster gets: our own faucet on the localnet, a link to the public
 * faucet on devnet, nothing anywhere else.
 */
export function faucetKind(cluster: string | undefined): 'localnet' | 'devnet' | null {
  if (cluster === 'localnet') return 'localnet';
  if (cluster === 'devnet') return 'devnet';
  return null;
}

/** What a successful call says: how much test SOL arrived. */
export function faucetSuccessToast(result: FaucetResponse): ToastInput {
  const lamports = parseBaseUnits(result.lamports) ?? 0n;
  const amount = formatDecimal(formatBaseUnitsExact(lamports, 9), 9);
  return {
    title: t`Test SOL received`,
    description: t`${amount} SOL is in your wallet`,
    variant: 'success',
  };
}

/**
 * What a failed call says (spec section 8): 401 or Unauthorized, 429 or a rate limit, a network
 * failure (fetch's TypeError), else 'Faucet Failed' with the server's message when it sent one
 * (so a faucet that is off says 'Faucet disabled in production').
 */
export function faucetFailureToast(error: unknown): ToastInput {
  const destructive = { variant: 'destructive' } as const;
  if (error instanceof ApiError) {
    if (error.status === 401 || /unauthorized/i.test(error.message)) {
      return { ...destructive, title: FAUCET_MESSAGES.unauthorized };
    }
    if (error.status === 429 || /rate limit/i.test(error.message)) {
      return { ...destructive, title: FAUCET_MESSAGES.rateLimited };
    }
    return { ...destructive, title: FAUCET_MESSAGES.failed, description: errorMessage(error) };
  }
  if (
    error instanceof TypeError ||
    (error instanceof Error && /network|fetch/i.test(error.message))
  ) {
    return { ...destructive, title: FAUCET_MESSAGES.network };
  }
  return {
    ...destructive,
    title: FAUCET_MESSAGES.failed,
    description: error instanceof Error && error.message ? error.message : undefined,
  };
}
