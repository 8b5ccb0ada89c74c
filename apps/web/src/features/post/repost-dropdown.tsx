import { Trans } from '@lingui/react/macro';
import { Quote, Repeat2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { MenuContent, menuItemClass as itemClass } from '../../components/ui/menu.tsx';
import {
  RepostTriggerContent,
  repostTriggerProps,
  type RepostMenuProps,
} from './repost-trigger.tsx';

/** The repost menu itself (Radix dropdown): Repost or Undo repost, and Quote. */
export function RepostDropdown({
  defaultOpen,
  ...props
}: RepostMenuProps & { defaultOpen?: boolean }) {
  const { reposted, count, onRepost, onQuote } = props;
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger {...repostTriggerProps(reposted, count)}>
        <RepostTriggerContent reposted={reposted} count={count} />
      </DropdownMenu.Trigger>
      <MenuContent align="start" className="min-w-44 text-muted">
        <DropdownMenu.Item className={itemClass} onSelect={() => onRepost(!reposted)}>
          <Repeat2 className="size-4" aria-hidden="true" />
          {reposted ? <Trans>Undo repost</Trans> : <Trans>Repost</Trans>}
        </DropdownMenu.Item>
        <DropdownMenu.Item className={itemClass} onSelect={onQuote}>
          <Quote className="size-4" aria-hidden="true" />
          <Trans>Quote</Trans>
        </DropdownMenu.Item>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
