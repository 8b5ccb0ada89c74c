import { Trans } from '@lingui/react/macro';
import { Quote, Repeat2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import {
  repostTriggerClass,
  RepostTriggerContent,
  repostTriggerName,
  repostTriggerTone,
  type RepostMenuProps,
} from './repost-trigger.tsx';

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-surface-3 data-[highlighted]:text-foreground';

/** The repost menu itself (Radix dropdown): Repost or Undo repost, and Quote. */
export function RepostDropdown({
  defaultOpen,
  ...props
}: RepostMenuProps & { defaultOpen?: boolean }) {
  const { reposted, count, onRepost, onQuote } = props;
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        aria-label={repostTriggerName(reposted, count)}
        className={cn(repostTriggerClass, repostTriggerTone(reposted))}
      >
        <RepostTriggerContent reposted={reposted} count={count} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 min-w-44 rounded-xl border border-border bg-surface-2 p-1 text-muted shadow-2xl shadow-black/40 data-[state=open]:animate-[fade-in_120ms_ease-out] motion-reduce:animate-none"
        >
          <DropdownMenu.Item className={itemClass} onSelect={() => onRepost(!reposted)}>
            <Repeat2 className="size-4" aria-hidden="true" />
            {reposted ? <Trans>Undo repost</Trans> : <Trans>Repost</Trans>}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={onQuote}>
            <Quote className="size-4" aria-hidden="true" />
            <Trans>Quote</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
