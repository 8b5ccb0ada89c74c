import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, Wallet } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useWalletPrompt } from '../auth/index.ts';

export const COMPOSER_TEXTAREA_CLASS =
  'block w-full resize-none rounded-xl border border-border bg-surface-2/70 px-3.5 py-3 text-[15px] leading-relaxed placeholder:text-subtle focus-visible:border-primary/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/30 disabled:cursor-not-allowed disabled:opacity-60';

/** The composer a signed-out visitor sees: a disabled box and the way to sign in. */
export function SignedOutComposer({
  busy,
  signIn,
}: {
  busy: boolean;
  signIn: () => Promise<boolean>;
}) {
  const { t } = useLingui();
  const wallet = useWalletPrompt();
  const textareaId = useId();
  if (wallet.restoring && !busy) return <ComposerSkeleton />;
  return (
    <section
      aria-label={t`Create a post`}
      aria-busy={busy || wallet.connecting || undefined}
      data-testid="composer"
      className="rounded-card border border-border bg-surface/80 p-4"
    >
      <label className="sr-only" htmlFor={textareaId}>
        <Trans>What’s your vibe?</Trans>
      </label>
      <textarea
        id={textareaId}
        disabled
        rows={2}
        placeholder={t`Connect your wallet to share your vibe…`}
        className={COMPOSER_TEXTAREA_CLASS}
      />
      <div className="mt-3 flex flex-col items-stretch justify-between gap-3 sm:flex-row sm:items-center">
        <p className="text-sm text-muted">
          <Trans>Sign in with your wallet to post, comment and mine DUM.</Trans>
        </p>
        {busy || wallet.connecting ? (
          <Button disabled>
            <Loader2 className="animate-spin" aria-hidden="true" />
            {busy ? t`Authenticating...` : t`Connecting...`}
          </Button>
        ) : wallet.connected ? (
          <Button onClick={() => void signIn()}>
            <Wallet aria-hidden="true" />
            <Trans>Sign &amp; Authenticate</Trans>
          </Button>
        ) : (
          <Button onClick={wallet.connect}>
            <Wallet aria-hidden="true" />
            <Trans>Connect Wallet</Trans>
          </Button>
        )}
      </div>
    </section>
  );
}

function ComposerSkeleton() {
  const { t } = useLingui();
  return (
    <section
      aria-label={t`Create a post`}
      aria-busy="true"
      data-testid="composer"
      className="rounded-card border border-border bg-surface/80 p-4"
    >
      <span className="sr-only" role="status">
        <Trans>Loading composer…</Trans>
      </span>
      <Skeleton className="h-[4.5rem] w-full rounded-xl" />
      <div className="mt-3 flex items-center justify-between gap-3">
        <Skeleton className="h-4 w-56 max-w-[60%]" />
        <Skeleton className="h-10 w-36 rounded-xl" />
      </div>
    </section>
  );
}
