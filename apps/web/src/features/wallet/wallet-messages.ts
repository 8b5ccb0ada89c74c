import { t } from '@lingui/core/macro';

/**
 * The wallet's own toast: the connection itself failed. It sits with the wallet, which shows it,
 * and sign-in's texts (auth-messages.ts) list it among theirs. A getter: the title is read when
 * the toast shows, in the language active then.
 */
export const CONNECTION_FAILED_TOAST = {
  get title() {
    return t`Wallet Connection Failed`;
  },
  variant: 'destructive',
} as const;
