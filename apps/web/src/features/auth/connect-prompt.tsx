import { Trans } from '@lingui/react/macro';
import { Loader2, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useWalletPrompt, type Viewer } from './use-viewer.ts';

/**
 * What a signed-out visitor sees where a screen needs a session: why, and the one button that
 * gets them there (Connect Wallet, or Sign & Authenticate once a wallet is connected).
 */
export function ConnectPrompt({
  viewer,
  title,
  children,
  headingLevel = 2,
}: {
  viewer: Viewer;
  title: string;
  children: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const wallet = useWalletPrompt();
  const signingIn = viewer.status === 'signing-in';
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div
      data-testid="connect-prompt"
      className="flex flex-col items-center rounded-card border border-border bg-surface/70 px-6 py-12 text-center"
    >
      <span className="grid size-12 place-items-center rounded-2xl bg-vibe text-primary-foreground">
        <Wallet className="size-6" aria-hidden="true" />
      </span>
      <Heading className="mt-4 text-lg font-semibold">{title}</Heading>
      <p className="mt-1 max-w-sm text-sm text-muted">{children}</p>
      {signingIn || wallet.connecting ? (
        <Button className="mt-5" disabled>
          <Loader2 className="animate-spin" aria-hidden="true" />
          {signingIn ? <Trans>Authenticating...</Trans> : <Trans>Connecting...</Trans>}
        </Button>
      ) : wallet.connected ? (
        <Button className="mt-5" onClick={() => void viewer.signIn()}>
          <Trans>Sign & Authenticate</Trans>
        </Button>
      ) : (
        <Button className="mt-5" onClick={wallet.connect}>
          <Wallet aria-hidden="true" />
          <Trans>Connect Wallet</Trans>
        </Button>
      )}
    </div>
  );
}
