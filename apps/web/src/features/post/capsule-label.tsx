import { Trans } from '@lingui/react/macro';
import { Hourglass } from 'lucide-react';

/** The small label an opened time capsule keeps in its card's header. */
export function CapsuleLabel() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-primary/30 bg-primary/10 px-2 py-0.5 text-[11px] font-semibold text-primary uppercase">
      <Hourglass className="size-3" aria-hidden="true" />
      <Trans>Time capsule</Trans>
    </span>
  );
}
