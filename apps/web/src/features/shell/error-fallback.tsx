import { isWalletRelatedError } from '@dum/core';
import { Trans } from '@lingui/react/macro';
import { House, RefreshCw, RotateCcw, TriangleAlert, Wallet } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

export interface ErrorFallbackProps {
  error: unknown;
  /** Clears the error and renders the children again. */
  onRetry: () => void;
  /** Full-viewport screen (the app-level boundary) or inline in the page area. */
  fullScreen?: boolean;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}

function reloadPage(): void {
  window.location.reload();
}

function goToHomepage(): void {
  window.location.assign('/');
}

/** Reload Page: the first choice after an unexpected error, the second after a wallet's. */
function ReloadPageButton({ variant }: { variant?: 'secondary' }) {
  return (
    <Button variant={variant} onClick={reloadPage}>
      <RefreshCw aria-hidden="true" />
      <Trans>Reload Page</Trans>
    </Button>
  );
}

/**
 * The error fallback: wallet-related failures (the message mentions
 * wallet, solana, phantom, signature or transaction) are usually fixed by trying again, so they
 * offer Try Again and Reload Page; anything else offers Reload Page and Go to Homepage.
 * The headings and buttons say what core's MESSAGES say (the server shares them), through the
 * macros so they follow the active language.
 */
export function ErrorFallback({ error, onRetry, fullScreen = false }: ErrorFallbackProps) {
  const message = errorMessage(error);
  const wallet = isWalletRelatedError(message);
  const Icon = wallet ? Wallet : TriangleAlert;
  return (
    <div
      role="alert"
      className={cn(
        'flex items-center justify-center px-4 py-16',
        fullScreen && 'min-h-dvh bg-background',
      )}
    >
      <div className="w-full max-w-md rounded-3xl border border-border bg-surface/80 p-8 text-center shadow-2xl shadow-black/30">
        <div
          className={cn(
            'mx-auto grid size-14 place-items-center rounded-2xl',
            wallet ? 'bg-primary/15 text-primary' : 'bg-danger/15 text-danger',
          )}
        >
          <Icon className="size-7" aria-hidden="true" />
        </div>
        <h1 className="mt-5 text-xl font-bold tracking-tight">
          {wallet ? <Trans>Wallet Connection Issue</Trans> : <Trans>Something went wrong</Trans>}
        </h1>
        <p className="mt-2 text-sm text-muted">
          {wallet ? (
            <Trans>
              Your wallet could not finish that request. Check that your wallet extension is
              unlocked and on the right network, then try again.
            </Trans>
          ) : (
            <Trans>
              An unexpected error stopped this page. Reloading usually fixes it; your wallet and
              posts are safe.
            </Trans>
          )}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          {wallet ? (
            <>
              <Button onClick={onRetry}>
                <RotateCcw aria-hidden="true" />
                <Trans>Try Again</Trans>
              </Button>
              <ReloadPageButton variant="secondary" />
            </>
          ) : (
            <>
              <ReloadPageButton />
              <Button variant="secondary" onClick={goToHomepage}>
                <House aria-hidden="true" />
                <Trans>Go to Homepage</Trans>
              </Button>
            </>
          )}
        </div>
        {message && (
          <details className="mt-6 text-left text-xs text-subtle">
            <summary className="cursor-pointer rounded select-none hover:text-muted">
              <Trans>Technical details</Trans>
            </summary>
            <pre className="mt-2 overflow-x-auto rounded-lg bg-background/60 p-3 font-mono break-words whitespace-pre-wrap">
              {message}
            </pre>
          </details>
        )}
      </div>
    </div>
  );
}
