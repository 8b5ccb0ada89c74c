import { Check, Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '../../lib/cn.ts';

export interface ShareMenuProps {
  postId: string;
  text: string;
  referralCode: string | null;
  className?: string;
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
        {copied ? 'Copied' : 'Share'}
      </span>
    </>
  );
}

const ShareDropdown = lazy(async () => ({
  default: (await import('./share-dropdown.tsx')).ShareDropdown,
}));

/**
 * Share: a menu with Share on Twitter and Copy Link. Every post card has one,
 * so until it is first used it is a plain button; the menu's code (Radix dropdown and its
 * positioning) loads on that first press and opens at once.
 */
export function ShareMenu(props: ShareMenuProps) {
  const [used, setUsed] = useState(false);
  const placeholder = (
    <button
      type="button"
      aria-label="Share"
      aria-haspopup="menu"
      aria-expanded={used}
      onClick={() => setUsed(true)}
      className={cn(shareTriggerClass, shareTriggerTone, props.className)}
    >
      <ShareTriggerContent copied={false} />
    </button>
  );
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ShareDropdown {...props} defaultOpen />
    </Suspense>
  );
}
