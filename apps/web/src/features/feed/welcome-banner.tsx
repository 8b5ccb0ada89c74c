import { PenLine, Pickaxe, Wallet, X } from 'lucide-react';
import { useState } from 'react';
import { GlowPanel } from '../../components/ui/card.tsx';

export const WELCOME_DISMISSED_KEY = 'dum.welcomeBanner.dismissed';

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

const STEPS = [
  { icon: Wallet, title: 'Connect your wallet', text: 'Any Solana wallet, on the test network.' },
  { icon: PenLine, title: 'Sign a message', text: 'Proves the wallet is yours. No fees.' },
  { icon: Pickaxe, title: 'Start mining vibes', text: 'Post, like and comment to earn DUM.' },
] as const;

/** The feed's welcome for signed-out visitors; dismissed once, remembered. */
export function WelcomeBanner() {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;

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
          aria-label="Dismiss welcome banner"
          onClick={dismiss}
          className="absolute top-3 right-3 z-10 grid size-9 place-items-center rounded-xl text-muted transition-colors hover:bg-foreground/10 hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      }
    >
      <p className="text-xs font-semibold tracking-[0.16em] text-muted uppercase">
        Social Mining · Proof of Vibe
      </p>
      <h2
        id="welcome-banner-title"
        className="mt-2 pr-8 text-2xl font-black tracking-tight text-balance sm:text-3xl"
      >
        The Meme Halving <span className="text-vibe">Is Coming</span>
      </h2>
      <p className="mt-2 max-w-xl text-sm text-pretty text-muted sm:text-base">
        Earn crypto through engagement, not electricity. Every post, like and comment mines DUM, and
        the reward halves every 70,000 events — three times faster than Bitcoin. Get in before the
        next halving.
      </p>
      <ol className="mt-5 grid gap-2.5 sm:grid-cols-3">
        {STEPS.map((step, index) => (
          <li
            key={step.title}
            className="flex items-start gap-3 rounded-2xl border border-border bg-surface-2/70 p-3"
          >
            <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-vibe text-primary-foreground">
              <step.icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-semibold">
                <span className="text-subtle">{index + 1}.</span> {step.title}
              </p>
              <p className="mt-0.5 text-xs text-muted">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </GlowPanel>
  );
}
