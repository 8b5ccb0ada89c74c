import { parseBaseUnits } from '@dum/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, PenLine, Pickaxe, Wallet, X } from 'lucide-react';
import { useState } from 'react';
import { GlowPanel } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { balancesOf, useUserRecord } from '../economy/index.ts';
import { useStartWriting } from '../post/index.ts';
import { useViewer, useWalletPrompt } from '../auth/index.ts';

export const WELCOME_DISMISSED_KEY = 'dum.welcomeBanner.dismissed';

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

// Descriptors, read in the active language when drawn.
const STEPS = [
  {
    icon: Wallet,
    title: msg`Connect your wallet`,
    text: msg`Any Solana wallet, on the test network.`,
  },
  { icon: PenLine, title: msg`Sign a message`, text: msg`Proves the wallet is yours. No fees.` },
  {
    icon: Pickaxe,
    title: msg`Start mining vibes`,
    text: msg`Post, like and comment to earn DUM.`,
  },
] as const;

/** How far a newcomer got: each step once reached; null while that is not known yet. */
export interface WelcomeProgress {
  walletConnected: boolean;
  signedIn: boolean;
  /** The signed-in wallet holds DUM or has earned some (its ledger has a reward). */
  earnedDum: boolean;
}

/**
 * The newcomer's progress through the three steps, from the wallet, the session and the wallet's
 * DUM record (the same GET /api/users/{address} the sidebar's token box reads, refreshed after
 * every post, like and comment). Null while a signed-in wallet's record is still loading, so a
 * member who already earned never sees the banner flash.
 */
export function useWelcomeProgress(): WelcomeProgress | null {
  const viewer = useViewer();
  const wallet = useWalletPrompt();
  const record = useUserRecord(viewer.wallet);
  const signedIn = viewer.isAuthenticated;
  if (signedIn && record.isPending) return null;
  const balances = balancesOf(signedIn ? record.data : null);
  const totalEarned = signedIn ? (parseBaseUnits(record.data?.totalEarned ?? '') ?? 0n) : 0n;
  return {
    // Signed in means a wallet signed, even while it reconnects.
    walletConnected: wallet.connected || signedIn,
    signedIn,
    earnedDum: balances.balance + balances.staked > 0n || totalEarned > 0n,
  };
}

/**
 * The feed's welcome, a guided first visit. The spec asks for a dismissible welcome for
 * signed-out visitors; it also stays for newcomers once signed in, its three steps ticking off
 * as they are reached (wallet connected, signed in, first DUM earned), until it is dismissed
 * (remembered) or all three are done — then it goes away by itself. A member who already earned
 * DUM never sees it.
 */
export function WelcomeBanner() {
  const { t } = useLingui();
  const [dismissed, setDismissed] = useState(readDismissed);
  const progress = useWelcomeProgress();
  const startWriting = useStartWriting();
  if (dismissed || !progress) return null;
  const done = [progress.walletConnected, progress.signedIn, progress.earnedDum];
  if (done.every(Boolean)) return null;
  // The first step not reached yet is the current one.
  const current = done.indexOf(false);

  const dismiss = () => {
    try {
      window.localStorage.setItem(WELCOME_DISMISSED_KEY, '1');
    } catch {
      // Storage unavailable: dismissed until the next load.
    }
    setDismissed(true);
  };

  return (
    <GlowPanel
      aria-labelledby="welcome-banner-title"
      data-testid="welcome-banner"
      className="border-primary/25 px-5 py-6 sm:px-7 sm:py-7"
      glows={[
        '-top-24 -right-16 size-64 bg-primary/25',
        '-bottom-24 -left-12 size-56 bg-accent/15',
      ]}
      overlay={
        <button
          type="button"
          aria-label={t`Dismiss welcome banner`}
          onClick={dismiss}
          className="absolute top-3 right-3 z-10 grid size-9 place-items-center rounded-xl text-muted transition-colors hover:bg-foreground/10 hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      }
    >
      <p className="text-xs font-semibold tracking-[0.16em] text-muted uppercase">
        <Trans>Social Mining · Proof of Vibe</Trans>
      </p>
      <h2
        id="welcome-banner-title"
        className="mt-2 pr-8 text-2xl font-black tracking-tight text-balance sm:text-3xl"
      >
        <Trans>
          The Meme Halving <span className="text-vibe">Is Coming</span>
        </Trans>
      </h2>
      <p className="mt-2 max-w-xl text-sm text-pretty text-muted sm:text-base">
        <Trans>
          Earn crypto through engagement, not electricity. Every post, like and comment mines DUM,
          and the reward halves every 70,000 events — three times faster than Bitcoin. Get in before
          the next halving.
        </Trans>
      </p>
      <WelcomeSteps done={done} current={current} onWrite={startWriting} />
    </GlowPanel>
  );
}

/** The three steps, ticked as they are reached; the current one is marked for screen readers. */
function WelcomeSteps({
  done,
  current,
  onWrite,
}: {
  done: boolean[];
  current: number;
  onWrite: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <ol className="mt-5 grid gap-2.5 sm:grid-cols-3">
      {STEPS.map((step, index) => {
        const isDone = done[index] === true;
        const Icon = isDone ? Check : step.icon;
        const position = index + 1;
        return (
          <li
            key={step.title.id}
            data-done={isDone || undefined}
            aria-current={index === current ? 'step' : undefined}
            className={cn(
              'flex items-start gap-3 rounded-2xl border bg-surface-2/70 p-3',
              isDone
                ? 'border-success/40'
                : index === current
                  ? 'border-primary/50'
                  : 'border-border',
            )}
          >
            <span
              className={cn(
                'grid size-9 shrink-0 place-items-center rounded-xl',
                isDone ? 'bg-success text-background' : 'bg-vibe text-primary-foreground',
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-semibold">
                <span className="text-muted">{position}.</span> {i18n._(step.title)}
                {isDone && (
                  <span className="sr-only">
                    {' '}
                    <Trans>(Done)</Trans>
                  </span>
                )}
              </p>
              <p className="mt-0.5 text-xs text-muted">{i18n._(step.text)}</p>
              {index === 2 && !isDone && (
                <button
                  type="button"
                  onClick={onWrite}
                  className="mt-1.5 inline-flex items-center gap-1 rounded-md text-xs font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
                >
                  <PenLine className="size-3.5" aria-hidden="true" />
                  <Trans>Write a post</Trans>
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
