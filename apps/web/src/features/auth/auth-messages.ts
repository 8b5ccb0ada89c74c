import { t } from '@lingui/core/macro';
import { CONNECTION_FAILED_TOAST } from '../wallet/index.ts';

/**
 * The sign-in texts of spec sections 5 and 8, verbatim. Errors are thrown with the first group;
 * toasts show the second. One place, so tests and the UI read the same strings. The texts people
 * read are getters, read when shown, in the language active then; the two errors recognised by
 * their start (signInFailureToast) stay as they are.
 */
export const AUTH_ERRORS = {
  challengeFailed: (status: number) => `challenge failed: ${status}`,
  verifyFailed: (status: number, body: string) => `verify failed: ${status} ${body}`,
  get noTokenNoWallet() {
    return t`No token and no wallet to login.`;
  },
  get invalidToken() {
    return t`Invalid token received`;
  },
  get walletCannotSign() {
    return t`Wallet not connected or cannot sign messages.`;
  },
  get signFailed() {
    return t`Failed to sign message`;
  },
} as const;

export interface AuthToast {
  title: string;
  description?: string;
  variant: 'default' | 'success' | 'destructive';
}

export const AUTH_TOASTS = {
  authenticated: {
    get title() {
      return t`Wallet Authenticated`;
    },
    variant: 'success',
  },
  /** Signed in from the composer, whose button says why it is there. */
  readyToPost: {
    get title() {
      return t`Authenticated!`;
    },
    get description() {
      return t`You can now post to Dum Club`;
    },
    variant: 'success',
  },
  disconnected: {
    get title() {
      return t`Wallet Disconnected`;
    },
    variant: 'success',
  },
  walletNotConnected: {
    get title() {
      return t`Wallet Not Connected`;
    },
    get description() {
      return t`Please connect your wallet first`;
    },
    variant: 'destructive',
  },
  signatureRequired: {
    get title() {
      return t`Signature Required`;
    },
    get description() {
      return t`Sign the message in your wallet, or use Sign & Authenticate, to finish signing in.`;
    },
    variant: 'destructive',
  },
  // The spec elides one word ("to use ... features"); the product's name fills it.
  signatureRejected: {
    get title() {
      return t`Signature Rejected`;
    },
    get description() {
      return t`You must sign the message to use Dum Club features like the faucet, posting, and vaults.`;
    },
    variant: 'destructive',
  },
  challengeFailed: {
    get title() {
      return t`Authentication Failed`;
    },
    get description() {
      return t`Unable to get authentication challenge from server. Please try again.`;
    },
    variant: 'destructive',
  },
  verifyFailed: {
    get title() {
      return t`Authentication Failed`;
    },
    get description() {
      return t`Signature verification failed. Please try again.`;
    },
    variant: 'destructive',
  },
  authenticationFailed: {
    get title() {
      return t`Authentication Failed`;
    },
    get description() {
      return t`Failed to authenticate wallet signature.`;
    },
    variant: 'destructive',
  },
  connectionFailed: CONNECTION_FAILED_TOAST,
} as const satisfies Record<string, AuthToast>;

/** A refusal is recognised by its message, whatever the wallet's error class. */
export function isUserRejection(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /User rejected|rejected the request/i.test(message) || errorCode(error) === 4001;
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/**
 * The toast for a failed sign-in: a refusal asks for the signature (automatic
 * attempt) or explains why it is needed (manual); server failures name the step that failed.
 */
export function signInFailureToast(error: unknown, automatic: boolean): AuthToast {
  if (isUserRejection(error)) {
    return automatic ? AUTH_TOASTS.signatureRequired : AUTH_TOASTS.signatureRejected;
  }
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith('challenge failed')) return AUTH_TOASTS.challengeFailed;
  if (message.startsWith('verify failed')) return AUTH_TOASTS.verifyFailed;
  if (automatic) return AUTH_TOASTS.authenticationFailed;
  return {
    ...AUTH_TOASTS.authenticationFailed,
    description: message || AUTH_ERRORS.signFailed,
  };
}
