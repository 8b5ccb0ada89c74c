import { Trans } from '@lingui/react/macro';
import { Check, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/*
 * The share button's props and look, shared by ShareMenu's placeholder and the lazily loaded
 * ShareDropdown (a module of its own so the two need not import each other).
 */

export interface ShareMenuProps {
  postId: string;
  text: string;
  referralCode: string | null;
  /** A direct vault that takes support: the menu offers 'Copy Blink link' for it. */
  blinkVaultId?: string | null;
  className?: string;
  /** The signed-in viewer may report this post (not their own): the menu offers Report post. */
  report?: boolean;
  /** Another look for the trigger (a reel's round button): its classes and its content. */
  appearance?: ShareTriggerAppearance;
}

export interface ShareTriggerAppearance {
  className: string;
  content: (copied: boolean) => ReactNode;
}

export const shareTriggerClass =
  'inline-flex h-9 items-center gap-1.5 rounded-xl px-2.5 text-sm font-medium transition-colors hover:bg-surface-2 data-[state=open]:bg-surface-2 data-[state=open]:text-foreground';
/** The trigger's text colours, resting and hovered (green once the link is copied). */
export const shareTriggerTone = 'text-muted hover:text-foreground';

export function ShareTriggerContent({ copied }: { copied: boolean }) {
  return (
    <>
      {copied ? (
        <Check className="size-[18px]" aria-hidden="true" />
      ) : (
        <Share2 className="size-[18px]" aria-hidden="true" />
      )}
      <span className="hidden sm:inline" aria-live="polite">
        {copied ? <Trans>Copied</Trans> : <Trans>Share</Trans>}
      </span>
    </>
  );
}

/** The trigger's classes: the card's (green once copied), or those of the given appearance. */
export function shareTriggerClasses(props: ShareMenuProps, copied: boolean): string {
  if (props.appearance) return props.appearance.className;
  return cn(
    shareTriggerClass,
    copied ? 'text-success hover:text-success' : shareTriggerTone,
    props.className,
  );
}

export function ShareTrigger({ props, copied }: { props: ShareMenuProps; copied: boolean }) {
  return props.appearance ? (
    props.appearance.content(copied)
  ) : (
    <ShareTriggerContent copied={copied} />
  );
}
