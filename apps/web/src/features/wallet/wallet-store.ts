import { t } from '@lingui/core/macro';
import type { Wallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import {
  connectFeature,
  disconnectFeature,
  eventsFeature,
  isSolanaWallet,
  solanaAccount,
} from './wallet-standard.ts';

/** Where the last wallet's name is remembered, to reconnect it silently on the next visit. */
export const WALLET_NAME_KEY = 'walletName';
/** How long a remembered wallet may take to register before the visit counts as disconnected. */
export const RESTORE_TIMEOUT_MS = 3000;

export type WalletStatus = 'restoring' | 'disconnected' | 'connecting' | 'connected';

export interface WalletState {
  /** Registered Solana wallets, in registration order. */
  wallets: readonly Wallet[];
  status: WalletStatus;
  wallet: Wallet | null;
  account: WalletAccount | null;
}

export interface WalletStoreOptions {
  registry: Wallets;
  storage: Storage;
  restoreTimeoutMs?: number;
}

/**
 * The wallet session (connected flag, public key) over the Wallet Standard
 * registry, without React: detection of registered wallets, connect, disconnect, the wallet's
 * own change events, and a silent reconnect of the remembered wallet on start-up.
 */
export class WalletStore {
  private state: WalletState;
  private readonly listeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];
  private offWalletEvents: (() => void) | null = null;
  private restoreTimer: ReturnType<typeof setTimeout> | null = null;
  private connectSeq = 0;

  constructor(private readonly options: WalletStoreOptions) {
    this.state = {
      wallets: options.registry.get().filter(isSolanaWallet),
      // A remembered wallet is being restored from the start: not a disconnect.
      status: options.storage.getItem(WALLET_NAME_KEY) ? 'restoring' : 'disconnected',
      wallet: null,
      account: null,
    };
  }

  getState = (): WalletState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts watching the registry and reconnects the remembered wallet, if any. */
  start(): void {
    const { registry } = this.options;
    this.cleanups.push(
      registry.on('register', () => this.onRegistryChange()),
      registry.on('unregister', () => this.onRegistryChange()),
    );
    this.onRegistryChange();
    const remembered = this.options.storage.getItem(WALLET_NAME_KEY);
    if (remembered && (this.state.status === 'disconnected' || this.state.status === 'restoring')) {
      this.setState({ status: 'restoring' });
      this.tryRestore();
      if (this.getState().status === 'restoring') {
        this.restoreTimer = setTimeout(() => {
          this.restoreTimer = null;
          if (this.state.status === 'restoring') this.setState({ status: 'disconnected' });
        }, this.options.restoreTimeoutMs ?? RESTORE_TIMEOUT_MS);
      }
    }
  }

  stop(): void {
    this.cleanups.splice(0).forEach((cleanup) => cleanup());
    this.offWalletEvents?.();
    this.offWalletEvents = null;
    if (this.restoreTimer) clearTimeout(this.restoreTimer);
  }

  /** Connects a wallet the person chose; throws what the wallet threw. */
  async connect(wallet: Wallet): Promise<void> {
    await this.connectWallet(wallet, false);
  }

  /** Disconnects the current wallet and forgets it. */
  async disconnect(): Promise<void> {
    const wallet = this.state.wallet;
    this.connectSeq++;
    this.detach();
    this.options.storage.removeItem(WALLET_NAME_KEY);
    this.setState({ status: 'disconnected', wallet: null, account: null });
    try {
      await (wallet ? disconnectFeature(wallet)?.disconnect() : undefined);
    } catch {
      // The wallet's own state is its business; ours is cleared.
    }
  }

  private onRegistryChange(): void {
    const wallets = this.options.registry.get().filter(isSolanaWallet);
    this.setState({ wallets });
    const current = this.state.wallet;
    if (current && !wallets.includes(current)) {
      // The wallet went away (extension disabled): that is a disconnect.
      this.detach();
      this.setState({ status: 'disconnected', wallet: null, account: null });
      return;
    }
    if (this.state.status === 'restoring') this.tryRestore();
  }

  private tryRestore(): void {
    const remembered = this.options.storage.getItem(WALLET_NAME_KEY);
    const wallet = this.state.wallets.find((candidate) => candidate.name === remembered);
    if (!wallet) return;
    if (this.restoreTimer) clearTimeout(this.restoreTimer);
    this.restoreTimer = null;
    void this.connectWallet(wallet, true).catch(() => {
      // A silent reconnect that fails leaves the person disconnected, with nothing to report.
    });
  }

  private async connectWallet(wallet: Wallet, silent: boolean): Promise<void> {
    const seq = ++this.connectSeq;
    this.detach();
    this.setState({ status: 'connecting', wallet, account: null });
    try {
      const { accounts } = await connectFeature(wallet).connect(silent ? { silent } : undefined);
      if (seq !== this.connectSeq) return;
      const account = solanaAccount(accounts.length ? accounts : wallet.accounts);
      if (!account) {
        if (silent) {
          this.options.storage.removeItem(WALLET_NAME_KEY);
          this.setState({ status: 'disconnected', wallet: null, account: null });
          return;
        }
        // Shown to people (the connection toast's description): in their language.
        throw new Error(t`The wallet did not share a Solana account.`);
      }
      this.options.storage.setItem(WALLET_NAME_KEY, wallet.name);
      this.attach(wallet);
      this.setState({ status: 'connected', wallet, account });
    } catch (error) {
      if (seq === this.connectSeq) {
        if (silent) this.options.storage.removeItem(WALLET_NAME_KEY);
        this.setState({ status: 'disconnected', wallet: null, account: null });
      }
      throw error;
    }
  }

  /** Follows the wallet's own account changes (switch account, disconnect from the wallet). */
  private attach(wallet: Wallet): void {
    this.offWalletEvents =
      eventsFeature(wallet)?.on('change', ({ accounts }) => {
        if (!accounts || this.state.wallet !== wallet) return;
        const account = solanaAccount(accounts);
        if (!account) {
          this.detach();
          this.options.storage.removeItem(WALLET_NAME_KEY);
          this.setState({ status: 'disconnected', wallet: null, account: null });
        } else if (account.address !== this.state.account?.address) {
          this.setState({ account });
        }
      }) ?? null;
  }

  private detach(): void {
    this.offWalletEvents?.();
    this.offWalletEvents = null;
  }

  private setState(patch: Partial<WalletState>): void {
    const next = { ...this.state, ...patch };
    if (
      next.status === this.state.status &&
      next.wallet === this.state.wallet &&
      next.account === this.state.account &&
      sameList(next.wallets, this.state.wallets)
    ) {
      return;
    }
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
