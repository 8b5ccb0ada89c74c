import { Ban, Flag, Link2, MoreHorizontal, ShieldCheck } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { BusyButton } from '../../components/ui/button.tsx';
import {
  ConfirmFooter,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
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
const itemClass = `${itemBase} text-muted data-[highlighted]:text-foreground`;
const dangerItemClass = `${itemBase} text-danger`;

/**
 * The profile's "more" menu (Radix dropdown, as the wallet menu): Copy profile link for
 * everyone; Block (after a confirmation) or Unblock for a signed-in viewer.
 */
export function ProfileMenu({
  profile,
  name,
  viewer,
}: {
  profile: UserProfile;
  name: string;
  viewer: Viewer;
}) {
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const block = useBlock(profile.solAddress, name, viewer.userId);
  const { copy } = useCopyToClipboard(LINK_COPIED_TOAST);
  const blocked = profile.isBlocked === true;

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`More options for ${name}`}
          className="btn btn-secondary btn-icon"
        >
          <MoreHorizontal aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-52 rounded-xl border border-border bg-surface-2 p-1 shadow-2xl shadow-black/40 data-[state=open]:animate-[fade-in_120ms_ease-out] motion-reduce:animate-none"
          >
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() =>
                void copy(new URL(profileHref(profile.solAddress), window.location.origin).href)
              }
            >
              <Link2 className="size-4" aria-hidden="true" />
              Copy profile link
            </DropdownMenu.Item>
            {viewer.isAuthenticated && (
              <>
                <DropdownMenu.Separator className="my-1 h-px bg-border" />
                {blocked ? (
                  <DropdownMenu.Item
                    className={itemClass}
                    disabled={block.isPending}
                    onSelect={() => block.mutate(false)}
                  >
                    <ShieldCheck className="size-4" aria-hidden="true" />
                    Unblock {name}
                  </DropdownMenu.Item>
                ) : (
                  <DropdownMenu.Item
                    className={dangerItemClass}
                    onSelect={() => setConfirming(true)}
                  >
                    <Ban className="size-4" aria-hidden="true" />
                    Block {name}
                  </DropdownMenu.Item>
                )}
                {profile.solAddress !== viewer.wallet && (
                  <DropdownMenu.Item
                    className={dangerItemClass}
                    onSelect={() => setReporting(true)}
                  >
                    <Flag className="size-4" aria-hidden="true" />
                    Report {name}
                  </DropdownMenu.Item>
                )}
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <LazyReportDialog
        targetKind="wallet"
        targetId={profile.solAddress}
        open={reporting}
        onOpenChange={setReporting}
      />
      <Dialog open={confirming} onOpenChange={(open) => !block.isPending && setConfirming(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Block {name}?</DialogTitle>
            <DialogDescription>
              They won’t be able to follow you, comment on your posts or message you, and their
              posts and comments are hidden from you. Blocking also removes follows both ways.
            </DialogDescription>
          </DialogHeader>
          <ConfirmFooter busy={block.isPending}>
            <BusyButton
              variant="danger"
              busy={block.isPending}
              busyLabel="Blocking..."
              icon={<Ban aria-hidden="true" />}
              onClick={() => block.mutate(true, { onSuccess: () => setConfirming(false) })}
            >
              Block
            </BusyButton>
          </ConfirmFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
