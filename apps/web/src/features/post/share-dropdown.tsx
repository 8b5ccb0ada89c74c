import { Trans, useLingui } from '@lingui/react/macro';
import { Flag, Link2, Zap } from 'lucide-react';
import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { MenuContent, menuItemClass as itemClass } from '../../components/ui/menu.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import {
  LINK_COPIED_TOAST,
  useCopyToClipboard,
} from '../../components/ui/use-copy-to-clipboard.ts';
import { usePostWidgets } from './post-widgets.tsx';
import { postShareUrl, shareText, tweetIntentUrl, vaultBlinkUrl } from './share.ts';
import { ShareTrigger, shareTriggerClasses, type ShareMenuProps } from './share-trigger.tsx';

/**
 * The share menu itself (Radix dropdown): Share on Twitter and Copy Link (2 s "Copied"
 * feedback), Copy Blink link on a direct vault that takes support, and Report post on others'
 * posts. Loaded by ShareMenu on first use, opened at once.
 */
export function ShareDropdown({
  defaultOpen,
  ...props
}: ShareMenuProps & { defaultOpen?: boolean }) {
  const { t } = useLingui();
  const { postId, text, referralCode, blinkVaultId } = props;
  const copyPlain = useCopyToClipboard(LINK_COPIED_TOAST);
  // What copying a vault's blink link says.
  const blink = useCopyToClipboard({ title: t`Blink link copied!`, variant: 'success' });
  const copied = copyPlain.copied || blink.copied;
  const [reporting, setReporting] = useState(false);
  const { ReportDialog } = usePostWidgets();

  const link = () => postShareUrl(window.location.origin, postId, referralCode);

  const shareOnTwitter = () => {
    window.open(tweetIntentUrl(shareText(text), link()), '_blank', 'noopener,noreferrer');
    toast({ title: t`Sharing to Twitter` });
  };

  const copyLink = () => copyPlain.copy(link());

  return (
    <>
      <DropdownMenu.Root defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger
          aria-label={copied ? t`Link copied` : t`Share`}
          className={shareTriggerClasses(props, copied)}
        >
          <ShareTrigger props={props} copied={copied} />
        </DropdownMenu.Trigger>
        <MenuContent align="end" className="min-w-48 text-muted">
          <DropdownMenu.Item className={itemClass} onSelect={shareOnTwitter}>
            <XLogo />
            <Trans>Share on Twitter</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void copyLink()}>
            <Link2 className="size-4" aria-hidden="true" />
            <Trans>Copy Link</Trans>
          </DropdownMenu.Item>
          {blinkVaultId && (
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => void blink.copy(vaultBlinkUrl(window.location.origin, blinkVaultId))}
            >
              <Zap className="size-4" aria-hidden="true" />
              <Trans>Copy Blink link</Trans>
            </DropdownMenu.Item>
          )}
          {props.report && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
              <DropdownMenu.Item
                className={`${itemClass} text-danger data-[highlighted]:text-danger`}
                onSelect={() => setReporting(true)}
              >
                <Flag className="size-4" aria-hidden="true" />
                <Trans>Report post</Trans>
              </DropdownMenu.Item>
            </>
          )}
        </MenuContent>
      </DropdownMenu.Root>
      <ReportDialog
        targetKind="post"
        targetId={postId}
        open={reporting}
        onOpenChange={setReporting}
      />
    </>
  );
}

/** The X mark, drawn inline (nothing is loaded from third-party hosts). */
function XLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-current">
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
    </svg>
  );
}
