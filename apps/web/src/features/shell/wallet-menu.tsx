import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Bell,
  Check,
  Copy,
  Droplets,
  ExternalLink,
  Flag,
  Loader2,
  LogOut,
  VolumeX,
  type LucideIcon,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MenuContent } from '../../components/ui/menu.tsx';
import { useCopyToClipboard } from '../../components/ui/use-copy-to-clipboard.ts';
import { LOCALE_NAMES, LOCALES } from '../../lib/i18n/index.ts';
import { DEVNET_FAUCET_URL, FAUCET_LABELS, faucetKind } from '../faucet/index.ts';
import { useFaucet, useFaucetBusy } from '../faucet/index.ts';
import { useWallet } from '../wallet/index.ts';
import { WalletMenuTriggerContent, walletMenuTriggerClass } from '../wallet/index.ts';
import { switchLanguage } from './switch-language.ts';

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-muted outline-none select-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-surface-3 data-[highlighted]:text-foreground';

// Getters: the texts are read when the toast shows, in the language active then.
export const ADDRESS_COPIED_TOAST = {
  get title() {
    return t`Copied!`;
  },
  get description() {
    return t`Wallet address copied to clipboard`;
  },
  variant: 'success',
} as const;

export interface WalletMenuProps {
  address: string;
  disconnecting: boolean;
  onDisconnect: () => void;
  /** Opened at once (the placeholder was pressed while this code loaded). */
  defaultOpen?: boolean;
}

/**
 * The signed-in wallet's menu (Radix dropdown, loaded once signed in): Get test SOL (our
 * faucet on the localnet, which keeps the menu open and shows 'Getting test SOL...' until
 * the airdrop confirms; a link to the public faucet on devnet), Copy address, My reports,
 * Notifications, Muted words, the language (each in its own name, the active one checked) and
 * Disconnect.
 */
export function WalletMenu({ address, disconnecting, onDisconnect, defaultOpen }: WalletMenuProps) {
  const { config } = useWallet();
  const kind = faucetKind(config?.cluster);
  const busy = useFaucetBusy();
  const { copy } = useCopyToClipboard(ADDRESS_COPIED_TOAST);

  return (
    // Not modal: the page stays in the accessibility tree, so the faucet's toast is announced
    // while the menu is still open.
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger className={walletMenuTriggerClass} title={address}>
        <WalletMenuTriggerContent address={address} busy={busy} />
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="min-w-52">
        <FaucetItem kind={kind} />
        <DropdownMenu.Item className={itemClass} onSelect={() => void copy(address)}>
          <Copy className="size-4" aria-hidden="true" />
          <Trans>Copy address</Trans>
        </DropdownMenu.Item>
        <LinkItem to="/reports" icon={Flag}>
          <Trans>My reports</Trans>
        </LinkItem>
        <LinkItem to="/notifications" icon={Bell}>
          <Trans>Notifications</Trans>
        </LinkItem>
        <LinkItem to="/settings/muted-words" icon={VolumeX}>
          <Trans>Muted words</Trans>
        </LinkItem>
        <DropdownMenu.Separator className="my-1 h-px bg-border" />
        <LanguageItems />
        <DropdownMenu.Separator className="my-1 h-px bg-border" />
        <DropdownMenu.Item className={itemClass} disabled={disconnecting} onSelect={onDisconnect}>
          <LogOut className="size-4" aria-hidden="true" />
          <Trans>Disconnect</Trans>
        </DropdownMenu.Item>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

/** A menu item that opens one of the wallet's own pages. */
function LinkItem({
  to,
  icon: Icon,
  children,
}: {
  to: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Item className={itemClass} asChild>
      <Link to={to}>
        <Icon className="size-4" aria-hidden="true" />
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

/** The language switch: each language in its own name, the active one checked. */
function LanguageItems() {
  const { i18n } = useLingui();
  const languageLabelId = useId();
  return (
    <DropdownMenu.Group aria-labelledby={languageLabelId}>
      <DropdownMenu.Label
        id={languageLabelId}
        className="px-3 pt-1.5 pb-1 text-xs font-semibold text-subtle"
      >
        <Trans>Language</Trans>
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={i18n.locale}
        onValueChange={(value) => {
          switchLanguage(value);
        }}
      >
        {LOCALES.map((locale) => (
          <DropdownMenu.RadioItem key={locale} value={locale} lang={locale} className={itemClass}>
            <span className="grid size-4 place-items-center" aria-hidden="true">
              <DropdownMenu.ItemIndicator>
                <Check className="size-4" />
              </DropdownMenu.ItemIndicator>
            </span>
            {LOCALE_NAMES[locale]}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </DropdownMenu.Group>
  );
}

/** Get test SOL: our faucet on the localnet, the public one's link on devnet, nothing elsewhere. */
function FaucetItem({ kind }: { kind: ReturnType<typeof faucetKind> }) {
  const faucet = useFaucet();
  const busy = useFaucetBusy();
  return (
    <>
      {kind === 'localnet' && (
        <DropdownMenu.Item
          className={itemClass}
          aria-busy={busy || undefined}
          onSelect={(event) => {
            // The menu stays open so the progress shows where it was asked for.
            event.preventDefault();
            if (!busy) faucet.mutate();
          }}
        >
          {busy ? (
            <Loader2
              className="size-4 animate-spin motion-reduce:animate-none"
              aria-hidden="true"
            />
          ) : (
            <Droplets className="size-4" aria-hidden="true" />
          )}
          {busy ? FAUCET_LABELS.busy : FAUCET_LABELS.action}
        </DropdownMenu.Item>
      )}
      {kind === 'devnet' && (
        <DropdownMenu.Item className={itemClass} asChild>
          <a href={DEVNET_FAUCET_URL} target="_blank" rel="noreferrer noopener">
            <Droplets className="size-4" aria-hidden="true" />
            {FAUCET_LABELS.devnet}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        </DropdownMenu.Item>
      )}
    </>
  );
}
