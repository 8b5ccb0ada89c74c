import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Wallet } from '@wallet-standard/base';
import { ChevronDown, ExternalLink, Flame, KeyRound, Wallet as WalletIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { useCopyToClipboard } from '../../components/ui/use-copy-to-clipboard.ts';
import { BURNER_SECRET_KEY, BURNER_WALLET_NAME } from './burner-name.ts';
import { KNOWN_WALLETS, walletChoices, type KnownWallet } from './known-wallets.ts';
import { useWallet } from './wallet-context.tsx';

/** The modal closes 150 ms after Escape, the close button or a choice. */
export const MODAL_CLOSE_DELAY_MS = 150;

// Getters, here and below: the texts are read when shown, in the language active then.
export const MODAL_TITLES = {
  get detected() {
    return t`Connect a wallet on Solana to continue`;
  },
  get none() {
    return t`You'll need a wallet on Solana to continue`;
  },
} as const;

/**
 * The connect modal. Installed wallets (Wallet Standard) are listed and marked
 * 'Detected'; popular wallets that are not installed wait behind 'More options'. With none
 * installed, the title says a wallet is needed and 'Already have a wallet? View options' shows
 * the list. On the localnet a burner wallet is offered too. Choosing a wallet connects at once.
 */
export function WalletModal() {
  const { modalOpen, setModalOpen, wallets, connect, connectBurner, burnerAvailable } = useWallet();
  const [expanded, setExpanded] = useState(false);
  const { closing, close } = useDelayedClose(() => {
    setExpanded(false);
    setModalOpen(false);
  });
  const listId = useId();

  const choose = (wallet: Wallet) => {
    close();
    void connect(wallet);
  };
  const chooseBurner = () => {
    close();
    void connectBurner();
  };

  const { detected, others } = walletChoices(wallets, BURNER_WALLET_NAME);
  const hasDetected = detected.length > 0;
  const toggle = () => setExpanded((value) => !value);

  return (
    <Dialog
      open={modalOpen}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <DialogContent
        data-closing={closing ? '' : undefined}
        className={cn(
          'max-h-[calc(100dvh-2rem)] overflow-y-auto transition-opacity duration-150 motion-reduce:transition-none',
          closing && 'opacity-0',
        )}
        aria-describedby={undefined}
      >
        <DialogHeader>
          <DialogTitle className="text-xl">
            {hasDetected ? MODAL_TITLES.detected : MODAL_TITLES.none}
          </DialogTitle>
          {!hasDetected && (
            <DialogDescription>
              <Trans>
                A wallet holds your Solana account and signs you in. Install one, then come back.
              </Trans>
            </DialogDescription>
          )}
        </DialogHeader>

        {hasDetected ? (
          <DetectedWallets
            detected={detected}
            others={others}
            onChoose={choose}
            expanded={expanded}
            onToggle={toggle}
            listId={listId}
          />
        ) : (
          <NoWalletHelp others={others} expanded={expanded} onToggle={toggle} listId={listId} />
        )}

        {burnerAvailable && <BurnerOffer headingId={`${listId}-burner`} onChoose={chooseBurner} />}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Closing fades the modal out first: `closing` is set at once and `onClosed` runs
 * MODAL_CLOSE_DELAY_MS later (once, however often close is called meanwhile).
 */
function useDelayedClose(onClosed: () => void) {
  const [closing, setClosing] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onClosedRef = useRef(onClosed);
  useEffect(() => {
    onClosedRef.current = onClosed;
  });

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const close = useCallback(() => {
    if (closeTimer.current) return;
    setClosing(true);
    closeTimer.current = setTimeout(() => {
      closeTimer.current = null;
      setClosing(false);
      onClosedRef.current();
    }, MODAL_CLOSE_DELAY_MS);
  }, []);

  return { closing, close };
}

/** Installed wallets marked 'Detected', with the rest behind 'More options'. */
function DetectedWallets({
  detected,
  others,
  onChoose,
  expanded,
  onToggle,
  listId,
}: {
  detected: readonly Wallet[];
  others: readonly KnownWallet[];
  onChoose: (wallet: Wallet) => void;
  expanded: boolean;
  onToggle: () => void;
  listId: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <ul className="grid gap-2" aria-label={t`Detected wallets`}>
        {detected.map((wallet) => (
          <li key={wallet.name}>
            <WalletRow
              name={wallet.name}
              icon={wallet.icon}
              onClick={() => onChoose(wallet)}
              mark="detected"
            />
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <>
          <OptionsToggle
            expanded={expanded}
            controls={listId}
            onToggle={onToggle}
            label={expanded ? t`Less options` : t`More options`}
          />
          {expanded && <KnownWalletList id={listId} wallets={others} />}
        </>
      )}
    </>
  );
}

/** No wallet installed: Get started (the first popular wallet) and the list on request. */
function NoWalletHelp({
  others,
  expanded,
  onToggle,
  listId,
}: {
  others: readonly KnownWallet[];
  expanded: boolean;
  onToggle: () => void;
  listId: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <div className="grid place-items-center py-2" aria-hidden="true">
        <span className="grid size-16 place-items-center rounded-2xl bg-vibe text-primary-foreground shadow-[0_12px_40px_-12px_var(--color-accent)]">
          <WalletIcon className="size-8" />
        </span>
      </div>
      {others[0] && (
        <a
          href={others[0].url}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-vibe px-4 text-sm font-semibold text-primary-foreground hover:brightness-110"
        >
          <Trans>Get started</Trans>
          <ExternalLink className="size-4" aria-hidden="true" />
        </a>
      )}
      <OptionsToggle
        expanded={expanded}
        controls={listId}
        onToggle={onToggle}
        label={expanded ? t`Hide options` : t`Already have a wallet? View options`}
      />
      {expanded && <KnownWalletList id={listId} wallets={KNOWN_WALLETS} />}
    </>
  );
}

export const BURNER_TEXTS = {
  get funded() {
    return t`It starts with test SOL on this local network.`;
  },
  get keptHere() {
    return t`Its key never leaves this browser: clearing site data loses it.`;
  },
  get exportWarning() {
    return t`Anyone with this key controls the wallet. Copy it only somewhere safe.`;
  },
} as const;

const KEY_COPIED_TOAST = {
  get title() {
    return t`Copied!`;
  },
  get description() {
    return t`Secret key copied to clipboard`;
  },
  variant: 'success',
} as const;

/** The localnet's throwaway burner wallet: what it is, and its key's export. */
function BurnerOffer({ headingId, onChoose }: { headingId: string; onChoose: () => void }) {
  // Read once per opening: the modal only opens while no wallet is connected.
  const [secretKey] = useState(() => window.localStorage.getItem(BURNER_SECRET_KEY));
  const { t } = useLingui();
  return (
    <section aria-labelledby={headingId} className="grid gap-2 border-t border-border pt-4">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-subtle uppercase">
        <Trans>Just trying it out?</Trans>
      </h3>
      <WalletRow
        name={BURNER_WALLET_NAME}
        onClick={onChoose}
        mark="localnet"
        hint={t`A throwaway key kept in this browser`}
      />
      <p className="text-xs text-muted">
        {BURNER_TEXTS.funded} {BURNER_TEXTS.keptHere}
      </p>
      {secretKey && <ExportBurnerKey secretKey={secretKey} />}
    </section>
  );
}

/** 'Export key': a confirmation, then the burner's secret key (base58) on the clipboard. */
function ExportBurnerKey({ secretKey }: { secretKey: string }) {
  const [confirming, setConfirming] = useState(false);
  const { copy } = useCopyToClipboard(KEY_COPIED_TOAST);
  const exportButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const warningId = useId();
  const { t } = useLingui();

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const cancel = () => {
    setConfirming(false);
    // The confirmation's buttons are gone: focus goes back to where it was asked.
    requestAnimationFrame(() => exportButton.current?.focus());
  };

  if (!confirming) {
    return (
      <Button
        ref={exportButton}
        variant="ghost"
        size="sm"
        className="justify-self-start"
        onClick={() => setConfirming(true)}
      >
        <KeyRound aria-hidden="true" />
        <Trans>Export key</Trans>
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-label={t`Export key`}
      aria-describedby={warningId}
      className="grid gap-2 rounded-xl border border-warning/40 bg-warning/10 p-3"
    >
      <p id={warningId} className="text-xs">
        {BURNER_TEXTS.exportWarning}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={confirmButton}
          size="sm"
          onClick={() => {
            void copy(secretKey);
            setConfirming(false);
            requestAnimationFrame(() => exportButton.current?.focus());
          }}
        >
          <Trans>Copy secret key</Trans>
        </Button>
        <Button variant="secondary" size="sm" onClick={cancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  );
}

function WalletRow({
  name,
  icon,
  mark,
  hint,
  onClick,
}: {
  name: string;
  icon?: string;
  /** Detected: installed in this browser; localnet: the burner, offered on the local network. */
  mark: 'detected' | 'localnet';
  hint?: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-center gap-3 rounded-xl border border-border bg-surface-2 px-3 py-2.5 text-left transition-colors hover:border-primary/60 hover:bg-surface-3 focus-visible:outline-2 focus-visible:outline-primary"
    >
      {icon ? (
        <img src={icon} alt="" className="size-8 rounded-lg" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-lg bg-vibe text-primary-foreground"
        >
          <Flame className="size-4" />
        </span>
      )}
      <span className="grid min-w-0 flex-1">
        <span className="truncate text-sm font-semibold">{name}</span>
        {hint && <span className="text-xs text-muted">{hint}</span>}
      </span>
      <span
        className={cn(
          'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
          mark === 'detected' ? 'bg-success/10 text-success' : 'bg-primary/10 text-primary',
        )}
      >
        {mark === 'detected' ? <Trans>Detected</Trans> : <Trans>Localnet</Trans>}
      </span>
    </button>
  );
}

function OptionsToggle({
  expanded,
  controls,
  label,
  onToggle,
}: {
  expanded: boolean;
  controls: string;
  label: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      className="inline-flex items-center justify-center gap-1.5 justify-self-center rounded-lg px-2 py-1 text-sm font-medium text-muted transition-colors hover:text-foreground"
    >
      {label}
      <ChevronDown
        aria-hidden="true"
        className={cn('size-4 transition-transform', expanded && 'rotate-180')}
      />
    </button>
  );
}

function KnownWalletList({ id, wallets }: { id: string; wallets: readonly KnownWallet[] }) {
  const { t } = useLingui();
  return (
    <ul id={id} className="grid gap-2" aria-label={t`More wallets`}>
      {wallets.map((known) => (
        <li key={known.name}>
          <a
            href={known.url}
            target="_blank"
            rel="noreferrer noopener"
            className="flex items-center gap-3 rounded-xl border border-border px-3 py-2.5 text-sm transition-colors hover:border-primary/60 hover:bg-surface-2"
          >
            <span
              aria-hidden="true"
              className="grid size-8 place-items-center rounded-lg bg-surface-3 text-sm font-bold text-muted"
            >
              {known.name.charAt(0)}
            </span>
            <span className="flex-1 font-semibold">{known.name}</span>
            <span className="inline-flex items-center gap-1 text-xs text-muted">
              <Trans>Install</Trans>
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
