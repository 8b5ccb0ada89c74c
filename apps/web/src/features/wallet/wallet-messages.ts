/**
 * The wallet's own toast: the connection itself failed. It sits with the wallet, which shows it,
 * and sign-in's texts (auth-messages.ts) list it among theirs.
 */
export const CONNECTION_FAILED_TOAST = {
  title: 'Wallet Connection Failed',
  variant: 'destructive',
} as const;
