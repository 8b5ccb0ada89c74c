import { FRESH_TOKEN_GRACE_MS, SKIP_CHECK_WINDOW_MS, STORAGE_KEYS } from '@dum/core';
import type { AuthApi, SignedChallenge } from './auth-api.ts';
import { AUTH_ERRORS, AUTH_TOASTS, signInFailureToast, type AuthToast } from './auth-messages.ts';
import {
  TOKEN_KEYS,
  clearSession,
  decodeAccessToken,
  readSession,
  writeSession,
} from './session.ts';

export type AuthStatus = 'signed-out' | 'signing-in' | 'authenticated';

export interface AuthUser {
  id: string;
  solAddress: string;
}

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
}

/** What a manual sign-in may change: the toast that says it worked. */
export interface SignInOptions {
  successToast?: AuthToast;
}

/** The connected wallet as sign-in sees it. */
export interface WalletView {
  address: string;
  /** It offers `solana:signIn` or `signMessage`: automatic sign-in is attempted. */
  canSignMessage: boolean;
  /** It can sign the challenge one way or another (message, or a never-sent memo transaction). */
  canSign: boolean;
  sign: (message: string) => Promise<SignedChallenge>;
}

export interface AuthMachineDeps {
  storage: Storage;
  api: AuthApi;
  notify(toast: AuthToast): void;
  /** After a successful sign-in: refetch the message feed. */
  onSignedIn?(): void;
  referralCode?(): string | null;
  now?: () => number;
  /** Serialises refreshes across tabs (a rotated refresh token is single-use). */
  locks?: Pick<LockManager, 'request'> | null;
}

const SIGNED_OUT: AuthState = { status: 'signed-out', user: null };

/**
 * The authentication state machine, without React:
 *
 * - signed-out → signing-in → authenticated when a connected wallet signs the server's
 *   challenge and verify succeeds; any failure clears every stored token and signs out.
 * - Signed out again on: wallet disconnect (unless the token is under 5 s old: state kept); no
 *   stored token while a wallet is connected; a token that is invalid, expired (after one
 *   refresh attempt) or for another address than the connected wallet; sign-out.
 * - One sign-in at a time: a second attempt returns false. The automatic check is skipped for
 *   2 s after a sign-in. A storage change to a token key (another tab) triggers a re-check.
 * - Automatic sign-in once per connection when the wallet can sign messages; the flag resets
 *   on disconnect (and is spent once the connection is authenticated, so a sign-out elsewhere
 *   does not prompt this tab again).
 */
export class AuthMachine {
  private state: AuthState = SIGNED_OUT;
  private readonly listeners = new Set<() => void>();
  /** undefined until the wallet layer knows (a remembered wallet may still be reconnecting). */
  private wallet: WalletView | null | undefined = undefined;
  private signingIn = false;
  private lastSignInAt = Number.NEGATIVE_INFINITY;
  private autoAttempted = false;
  private refreshing: Promise<boolean> | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: AuthMachineDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  getState = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The bearer token for API calls (attached whenever present). */
  getAccessToken = (): string | null => readSession(this.deps.storage)?.accessToken ?? null;

  /** The refresh under way, if any (API calls wait for it rather than send a stale token). */
  pendingRefresh = (): Promise<boolean> | null => this.refreshing;

  /** Reads the stored session once at start-up. */
  start(): void {
    this.check();
  }

  /**
   * The wallet layer reports each connection change: a view when connected, null when not
   * (including a remembered wallet that could not be reconnected).
   */
  setWallet(view: WalletView | null): void {
    const previous = this.wallet;
    this.wallet = view;
    if (view === null) {
      if (previous !== null) this.handleDisconnect();
      return;
    }
    this.check();
  }

  /** A `storage` event from another tab. */
  handleStorageChange(key: string | null): void {
    if (key === null || TOKEN_KEYS.includes(key)) this.check();
  }

  /** The automatic check. */
  check(): void {
    if (this.signingIn) return;
    if (this.now() - this.lastSignInAt < SKIP_CHECK_WINDOW_MS) return;
    const wallet = this.wallet;
    const session = readSession(this.deps.storage);
    if (!session) {
      this.setState(SIGNED_OUT);
      this.maybeSignInAutomatically();
      return;
    }
    let token;
    try {
      token = decodeAccessToken(session.accessToken);
    } catch {
      this.endSession();
      this.maybeSignInAutomatically();
      return;
    }
    if (wallet && token.solAddress !== wallet.address) {
      this.endSession();
      this.maybeSignInAutomatically();
      return;
    }
    if (token.exp * 1000 <= this.now()) {
      if (!session.refreshToken) {
        this.endSession();
        this.maybeSignInAutomatically();
        return;
      }
      // An expired access token with a refresh token: one refresh before giving up.
      void this.refresh().then((refreshed) => {
        if (refreshed) this.check();
        else this.maybeSignInAutomatically();
      });
      return;
    }
    // This connection is authenticated: no automatic prompt for it any more.
    if (wallet) this.autoAttempted = true;
    if (
      this.state.status !== 'authenticated' ||
      this.state.user?.id !== token.sub ||
      this.state.user.solAddress !== token.solAddress
    ) {
      this.setState({
        status: 'authenticated',
        user: { id: token.sub, solAddress: token.solAddress },
      });
    }
  }

  /**
   * Signs in with the connected wallet. Resolves true when authenticated; false when another
   * sign-in is running, the wallet cannot sign, or anything failed (toasted, session cleared).
   * `successToast` replaces 'Wallet Authenticated' (the composer's 'Authenticated!').
   */
  async signIn(options: SignInOptions & { automatic?: boolean } = {}): Promise<boolean> {
    const automatic = options.automatic ?? false;
    if (this.signingIn) return false;
    const wallet = this.wallet;
    if (!wallet || !wallet.canSign) {
      if (!automatic) this.deps.notify(AUTH_TOASTS.walletNotConnected);
      return false;
    }
    this.signingIn = true;
    this.setState({ status: 'signing-in', user: null });
    try {
      const referralCode = this.deps.referralCode?.() ?? undefined;
      const message = await this.deps.api.challenge({
        address: wallet.address,
        ...(referralCode ? { referralCode } : {}),
      });
      const signed = await wallet.sign(message);
      const tokens = await this.deps.api.verify({
        address: wallet.address,
        ...signed,
        ...(referralCode ? { referralCode } : {}),
      });
      const now = this.now();
      const token = decodeAccessToken(tokens.accessToken, now);
      writeSession(this.deps.storage, {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresAt: now + tokens.expiresIn * 1000,
        createdAt: now,
      });
      this.lastSignInAt = now;
      this.autoAttempted = true;
      this.setState({
        status: 'authenticated',
        user: { id: token.sub, solAddress: token.solAddress },
      });
      this.deps.notify(options.successToast ?? AUTH_TOASTS.authenticated);
      this.deps.onSignedIn?.();
      return true;
    } catch (error) {
      clearSession(this.deps.storage);
      this.setState(SIGNED_OUT);
      this.deps.notify(signInFailureToast(error, automatic));
      return false;
    } finally {
      this.signingIn = false;
    }
  }

  /** Explicit sign-out: the refresh token is revoked on the server and storage cleared. */
  async signOut(): Promise<void> {
    const session = readSession(this.deps.storage);
    clearSession(this.deps.storage);
    this.setState(SIGNED_OUT);
    if (session?.refreshToken) await this.revoke(session.refreshToken, session.accessToken);
  }

  /**
   * A valid access token, signing in first when there is none and a wallet is connected;
   * 'No token and no wallet to login.' when neither exists.
   */
  async ensureAccessToken(): Promise<string> {
    const session = readSession(this.deps.storage);
    if (session) {
      try {
        decodeAccessToken(session.accessToken, this.now());
        return session.accessToken;
      } catch {
        if (session.refreshToken && (await this.refresh())) {
          const token = this.getAccessToken();
          if (token) return token;
        }
      }
    }
    if (!this.wallet) throw new Error(AUTH_ERRORS.noTokenNoWallet);
    if (!(await this.signIn())) throw new Error(AUTH_ERRORS.walletCannotSign);
    const token = this.getAccessToken();
    if (!token) throw new Error(AUTH_ERRORS.noTokenNoWallet);
    return token;
  }

  /**
   * One refresh (for a 401 or an expired token). Concurrent callers share it;
   * across tabs a lock serialises it, and a tab that finds the refresh token already rotated by
   * another tab uses the new tokens instead of spending the old one again. A failure clears the
   * access and refresh tokens: the user must sign in again.
   */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<boolean> {
    const { storage } = this.deps;
    const before = storage.getItem(STORAGE_KEYS.refreshToken);
    if (!before) {
      this.endSession();
      return false;
    }
    const attempt = async (): Promise<boolean> => {
      const current = storage.getItem(STORAGE_KEYS.refreshToken);
      if (!current) return false;
      if (current !== before) return true;
      try {
        const tokens = await this.deps.api.refresh(current);
        const now = this.now();
        const token = decodeAccessToken(tokens.accessToken, now);
        writeSession(storage, {
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          expiresAt: tokens.expiresIn ? now + tokens.expiresIn * 1000 : token.exp * 1000,
        });
        return true;
      } catch {
        clearSession(storage);
        return false;
      }
    };
    const locks = this.deps.locks;
    const refreshed = locks ? await locks.request('dum.auth.refresh', attempt) : await attempt();
    if (!refreshed) {
      this.endSession({ revoke: false });
      return false;
    }
    const session = readSession(storage);
    if (session) {
      const token = decodeAccessToken(session.accessToken);
      if (this.state.status !== 'signing-in') {
        this.setState({
          status: 'authenticated',
          user: { id: token.sub, solAddress: token.solAddress },
        });
      }
    }
    return true;
  }

  private handleDisconnect(): void {
    this.autoAttempted = false;
    const session = readSession(this.deps.storage);
    if (!session) {
      if (!this.signingIn) this.setState(SIGNED_OUT);
      return;
    }
    // Fresh-token grace: a wallet that drops right after signing in keeps the session.
    if (session.createdAt !== null && this.now() - session.createdAt < FRESH_TOKEN_GRACE_MS) {
      return;
    }
    this.endSession();
  }

  /** Clears the stored session (revoking its refresh token) and signs out. */
  private endSession(options: { revoke?: boolean } = {}): void {
    const session = readSession(this.deps.storage);
    clearSession(this.deps.storage);
    if (!this.signingIn) this.setState(SIGNED_OUT);
    if (options.revoke !== false && session?.refreshToken) {
      void this.revoke(session.refreshToken, session.accessToken);
    }
  }

  private maybeSignInAutomatically(): void {
    const wallet = this.wallet;
    if (!wallet || !wallet.canSignMessage || this.autoAttempted || this.signingIn) return;
    this.autoAttempted = true;
    void this.signIn({ automatic: true });
  }

  private async revoke(refreshToken: string, accessToken: string | null): Promise<void> {
    try {
      await this.deps.api.logout(refreshToken, accessToken);
    } catch {
      // Best effort: the token expires on its own and storage is already cleared.
    }
  }

  private setState(next: AuthState): void {
    if (next.status === this.state.status && next.user === this.state.user) return;
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }
}
