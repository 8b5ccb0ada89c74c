import { Trans, useLingui } from '@lingui/react/macro';
import { Ban, Flag, Link2, MoreHorizontal, ShieldCheck } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { BusyButton } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { MenuContent } from '../../components/ui/menu.tsx';
import {
  LINK_COPIED_TOAST,
  useCopyToClipboard,
} from '../../components/ui/use-copy-to-clipboard.ts';
import type { Viewer } from '../auth/index.ts';
import { LazyReportDialog } from '../moderation/index.ts';
import { useBlock } from './people-queries.ts';
import { profileHref } from '../post/index.ts';
import type { UserProfile } from './types.ts';

const itemBase =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm outline-none select-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-surface-3';
/** A profile, its name as shown, and who is looking at it: what its block controls need. */
export interface ProfileSeenBy {
  profile: UserProfile;
  name: string;
  viewer: Viewer;
}

const itemClass = `${itemBase} text-muted data-[highlighted]:text-foreground`;
const dangerItemClass = `${itemBase} text-danger`;

/**
 * The profile's "more" menu (Radix dropdown, as the wallet menu): Copy profile link for
 * everyone; Block (after a confirmation) or Unblock for a signed-in viewer.
 */
export function ProfileMenu({ profile, name, viewer }: ProfileSeenBy) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const block = useBlock(profile.solAddress, name, viewer.userId);
  const { copy } = useCopyToClipboard(LINK_COPIED_TOAST);
  const blocked = profile.isBlocked === true;

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={t`More options for ${name}`}
          className="btn btn-secondary btn-icon"
        >
          <MoreHorizontal aria-hidden="true" />
        </DropdownMenu.Trigger>
        <MenuContent align="end" className="min-w-52">
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() =>
              void copy(new URL(profileHref(profile.solAddress), window.location.origin).href)
            }
          >
            <Link2 className="size-4" aria-hidden="true" />
            <Trans>Copy profile link</Trans>
          </DropdownMenu.Item>
          {viewer.isAuthenticated && (
            <ViewerItems
              name={name}
              blocked={blocked}
              unblocking={block.isPending}
              canReport={profile.solAddress !== viewer.wallet}
              onUnblock={() => block.mutate(false)}
              onBlock={() => setConfirming(true)}
              onReport={() => setReporting(true)}
            />
          )}
        </MenuContent>
      </DropdownMenu.Root>
      <LazyReportDialog
        targetKind="wallet"
        targetId={profile.solAddress}
        open={reporting}
        onOpenChange={setReporting}
      />
      <BlockDialog
        name={name}
        open={confirming}
        onOpenChange={setConfirming}
        busy={block.isPending}
        onBlock={() => block.mutate(true, { onSuccess: () => setConfirming(false) })}
      />
    </>
  );
}

/** A signed-in viewer's items: Block (or Unblock) and, on another's profile, Report. */
function ViewerItems({
  name,
  blocked,
  unblocking,
  canReport,
  onUnblock,
  onBlock,
  onReport,
}: {
  name: string;
  blocked: boolean;
  unblocking: boolean;
  canReport: boolean;
  onUnblock: () => void;
  onBlock: () => void;
  onReport: () => void;
}) {
  return (
    <>
      <DropdownMenu.Separator className="my-1 h-px bg-border" />
      {blocked ? (
        <DropdownMenu.Item className={itemClass} disabled={unblocking} onSelect={onUnblock}>
          <ShieldCheck className="size-4" aria-hidden="true" />
          <Trans>Unblock {name}</Trans>
        </DropdownMenu.Item>
      ) : (
        <DropdownMenu.Item className={dangerItemClass} onSelect={onBlock}>
          <Ban className="size-4" aria-hidden="true" />
          <Trans>Block {name}</Trans>
        </DropdownMenu.Item>
      )}
      {canReport && (
        <DropdownMenu.Item className={dangerItemClass} onSelect={onReport}>
          <Flag className="size-4" aria-hidden="true" />
          <Trans>Report {name}</Trans>
        </DropdownMenu.Item>
      )}
    </>
  );
}

/** "Block {name}?": what blocking does, and Block. */
function BlockDialog({
  name,
  open,
  onOpenChange,
  busy,
  onBlock,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onBlock: () => void;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={<Trans>Block {name}?</Trans>}
      description={
        <Trans>
          They won’t be able to follow you, comment on your posts or message you, and their posts
          and comments are hidden from you. Blocking also removes follows both ways.
        </Trans>
      }
      action={
        <BusyButton
          variant="danger"
          busy={busy}
          busyLabel={t`Blocking...`}
          icon={<Ban aria-hidden="true" />}
          onClick={onBlock}
        >
          <Trans>Block</Trans>
        </BusyButton>
      }
    />
  );
}
