import { STORAGE_KEYS } from '@dum/core';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { AuthMachine, type AuthMachineDeps } from './auth-machine.ts';
import { AUTH_TOASTS, type AuthToast } from './auth-messages.ts';
import {
  ADDRESS,
  OTHER_ADDRESS,
  fakeApi,
  fakeWallet,
  flush,
  memoryStorage,
  tokenFor,
} from './test-kit.ts';

/** Every transition of the authentication state machine, on the plain machine without React. */

let now: number;
let storage: Storage;
let toasts: AuthToast[];
let api: ReturnType<typeof fakeApi>;
let onSignedIn: Mock<() => void>;

function machine(overrides: Partial<AuthMachineDeps> = {}): AuthMachine {
  const created = new AuthMachine({
    storage,
    api,
    notify: (toast) => toasts.push(toast),
    onSignedIn,
    now: () => now,
    ...overrides,
  });
  created.start();
  return created;
}

function storeSession(address: string, options: { createdAgoMs?: number; expInS?: number } = {}) {
  const token = tokenFor(address, Math.floor(now / 1000) + (options.expInS ?? 600));
  storage.setItem(STORAGE_KEYS.jwt, token);
  storage.setItem(STORAGE_KEYS.accessToken, token);
  storage.setItem(STORAGE_KEYS.refreshToken, 'stored-refresh');
  storage.setItem(STORAGE_KEYS.jwtExp, String(now + 600_000));
  storage.setItem(STORAGE_KEYS.jwtCreated, String(now - (options.createdAgoMs ?? 60_000)));
  return token;
}

function storedKeys(): string[] {
  return Object.values(STORAGE_KEYS).filter((key) => storage.getItem(key) !== null);
}

const titles = () => toasts.map((toast) => toast.title);

beforeEach(() => {
  now = 1_700_000_000_000;
  storage = memoryStorage();
  toasts = [];
  api = fakeApi(() => now);
  onSignedIn = vi.fn<() => void>();
});

describe('start-up', () => {
  it('is signed out with nothing stored', () => {
    expect(machine().getState()).toEqual({ status: 'signed-out', user: null });
  });

  it('is authenticated from a valid stored token while the wallet reconnects', () => {
    storeSession(ADDRESS);
    expect(machine().getState()).toEqual({
      status: 'authenticated',
      user: { id: 'user-1', solAddress: ADDRESS },
    });
  });

  it('clears a stored token that does not decode', () => {
    storage.setItem(STORAGE_KEYS.jwt, 'not-a-jwt');
    storage.setItem(STORAGE_KEYS.refreshToken, 'r');
    expect(machine().getState().status).toBe('signed-out');
    expect(storedKeys()).toEqual([]);
  });
});

describe('signing in', () => {
  it('connect → automatic sign-in → authenticated, with the shared storage keys', async () => {
    const auth = machine();
    const wallet = fakeWallet();
    auth.setWallet(wallet);
    expect(auth.getState().status).toBe('signing-in');
    await flush();
    expect(api.challenge).toHaveBeenCalledWith({ address: ADDRESS });
    expect(wallet.sign).toHaveBeenCalledWith(`sign in ${ADDRESS}`);
    expect(api.verify).toHaveBeenCalledWith({
      address: ADDRESS,
      message: `sign in ${ADDRESS}`,
      signature: 'sig',
    });
    expect(auth.getState()).toEqual({
      status: 'authenticated',
      user: { id: 'user-1', solAddress: ADDRESS },
    });
    const token = storage.getItem(STORAGE_KEYS.jwt);
    expect(token).toBeTruthy();
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBe(token);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    expect(storage.getItem(STORAGE_KEYS.jwtExp)).toBe(String(now + 900 * 1000));
    expect(storage.getItem(STORAGE_KEYS.jwtCreated)).toBe(String(now));
    expect(titles()).toEqual(['Wallet Authenticated']);
    // The message feed is refetched.
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it('passes a referral code to the challenge, and again to verify, when there is one', async () => {
    const auth = machine({ referralCode: () => 'FRIEND1' });
    auth.setWallet(fakeWallet());
    await flush();
    expect(api.challenge).toHaveBeenCalledWith({ address: ADDRESS, referralCode: 'FRIEND1' });
    expect(api.verify).toHaveBeenCalledWith({
      address: ADDRESS,
      message: `sign in ${ADDRESS}`,
      signature: 'sig',
      referralCode: 'FRIEND1',
    });
  });

  it('sends the signed memo transaction when that is how the wallet signs', async () => {
    const auth = machine();
    const wallet = fakeWallet({
      canSignMessage: false,
      sign: async (message) => ({ message, signedTransaction: 'AQID' }),
    });
    auth.setWallet(wallet);
    await flush();
    // No automatic attempt for a wallet that cannot sign messages.
    expect(api.challenge).not.toHaveBeenCalled();
    expect(auth.getState().status).toBe('signed-out');
    await expect(auth.signIn()).resolves.toBe(true);
    expect(api.verify).toHaveBeenCalledWith({
      address: ADDRESS,
      message: `sign in ${ADDRESS}`,
      signedTransaction: 'AQID',
    });
    expect(auth.getState().status).toBe('authenticated');
  });

  it('runs one sign-in at a time: a second attempt is ignored and returns false', async () => {
    let release!: () => void;
    const wallet = fakeWallet({
      canSignMessage: false,
      sign: (message) =>
        new Promise((resolve) => {
          release = () => resolve({ message, signature: 'sig' });
        }),
    });
    const auth = machine();
    auth.setWallet(wallet);
    const first = auth.signIn();
    await flush();
    await expect(auth.signIn()).resolves.toBe(false);
    release();
    await expect(first).resolves.toBe(true);
    expect(api.challenge).toHaveBeenCalledTimes(1);
  });

  it('refuses without a wallet: manual shows Wallet Not Connected, automatic stays quiet', async () => {
    const auth = machine();
    await expect(auth.signIn()).resolves.toBe(false);
    expect(toasts).toEqual([AUTH_TOASTS.walletNotConnected]);
    expect(toasts[0]).toMatchObject({
      title: 'Wallet Not Connected',
      description: 'Please connect your wallet first',
    });
    toasts = [];
    await expect(auth.signIn({ automatic: true })).resolves.toBe(false);
    expect(toasts).toEqual([]);
  });

  it("a manual sign-in may name its success toast (the composer's 'Authenticated!')", async () => {
    const auth = machine();
    auth.setWallet(fakeWallet({ canSignMessage: false }));
    await expect(auth.signIn({ successToast: AUTH_TOASTS.readyToPost })).resolves.toBe(true);
    expect(toasts).toEqual([
      { title: 'Authenticated!', description: 'You can now post to Dum Club', variant: 'success' },
    ]);
  });

  it('refuses a wallet that cannot sign at all', async () => {
    const auth = machine();
    auth.setWallet(fakeWallet({ canSignMessage: false, canSign: false }));
    await expect(auth.signIn()).resolves.toBe(false);
    expect(titles()).toEqual(['Wallet Not Connected']);
    expect(api.challenge).not.toHaveBeenCalled();
  });
});

describe('failed sign-in: everything cleared, signed out, the right toast', () => {
  const rejected = () => {
    const error = Object.assign(new Error('User rejected the request'), { code: 4001 });
    return fakeWallet({
      sign: async () => {
        throw error;
      },
    });
  };

  it('automatic refusal → Signature Required', async () => {
    storage.setItem(STORAGE_KEYS.refreshToken, 'left-over');
    const auth = machine();
    auth.setWallet(rejected());
    await flush();
    expect(auth.getState().status).toBe('signed-out');
    expect(titles()).toEqual(['Signature Required']);
    expect(storedKeys()).toEqual([]);
  });

  it('manual refusal → Signature Rejected with the reason', async () => {
    const auth = machine();
    auth.setWallet(
      fakeWallet({
        canSignMessage: false,
        sign: async () => {
          throw new Error('Phantom: the user rejected the request');
        },
      }),
    );
    await expect(auth.signIn()).resolves.toBe(false);
    expect(toasts).toEqual([AUTH_TOASTS.signatureRejected]);
    expect(toasts[0]?.description).toMatch(
      /^You must sign the message to use .* features like the faucet, posting, and vaults\.$/,
    );
  });

  it("challenge failed: {status} → 'Unable to get authentication challenge…'", async () => {
    api = fakeApi(() => now, {
      challenge: async () => {
        throw new Error('challenge failed: 503');
      },
    });
    const auth = machine();
    auth.setWallet(fakeWallet({ canSignMessage: false }));
    await auth.signIn();
    expect(toasts).toEqual([AUTH_TOASTS.challengeFailed]);
    expect(toasts[0]?.description).toBe(
      'Unable to get authentication challenge from server. Please try again.',
    );
  });

  it("verify failed: {status} {body} → 'Signature verification failed…'", async () => {
    api = fakeApi(() => now, {
      verify: async () => {
        throw new Error('verify failed: 401 {"error":{}}');
      },
    });
    const auth = machine();
    auth.setWallet(fakeWallet({ canSignMessage: false }));
    await auth.signIn();
    expect(toasts[0]?.description).toBe('Signature verification failed. Please try again.');
    expect(storedKeys()).toEqual([]);
  });

  it("a token without solAddress → 'Invalid token received', nothing stored", async () => {
    api = fakeApi(() => now, {
      verify: async () => ({
        accessToken: tokenFor('', Math.floor(now / 1000) + 60),
        refreshToken: 'r',
        expiresIn: 60,
      }),
    });
    const auth = machine();
    auth.setWallet(fakeWallet({ canSignMessage: false }));
    await expect(auth.signIn()).resolves.toBe(false);
    expect(toasts[0]).toMatchObject({
      title: 'Authentication Failed',
      description: 'Invalid token received',
    });
    expect(storedKeys()).toEqual([]);
  });

  it('an automatic failure of another kind → Failed to authenticate wallet signature.', async () => {
    const auth = machine();
    auth.setWallet(
      fakeWallet({
        sign: async () => {
          throw new Error('boom');
        },
      }),
    );
    await flush();
    expect(toasts).toEqual([AUTH_TOASTS.authenticationFailed]);
  });
});

describe('automatic sign-in, once per connection', () => {
  it('is not attempted again for the same connection after a refusal', async () => {
    const wallet = fakeWallet({
      sign: async () => {
        throw new Error('User rejected the request');
      },
    });
    const auth = machine();
    auth.setWallet(wallet);
    await flush();
    auth.handleStorageChange(STORAGE_KEYS.jwt);
    auth.setWallet({ ...wallet });
    await flush();
    expect(wallet.sign).toHaveBeenCalledTimes(1);
  });

  it('is attempted again after a disconnect (the flag resets)', async () => {
    const wallet = fakeWallet({
      sign: async () => {
        throw new Error('User rejected the request');
      },
    });
    const auth = machine();
    auth.setWallet(wallet);
    await flush();
    auth.setWallet(null);
    auth.setWallet(wallet);
    await flush();
    expect(wallet.sign).toHaveBeenCalledTimes(2);
  });

  it('is not attempted for a connection whose stored session is valid', async () => {
    storeSession(ADDRESS);
    const auth = machine();
    auth.setWallet(fakeWallet());
    await flush();
    expect(api.challenge).not.toHaveBeenCalled();
    expect(auth.getState().status).toBe('authenticated');
  });
});

describe('signed out again', () => {
  it('on wallet disconnect: stored authentication cleared and the refresh token revoked', async () => {
    storeSession(ADDRESS, { createdAgoMs: 6000 });
    const auth = machine();
    auth.setWallet(fakeWallet());
    auth.setWallet(null);
    expect(auth.getState().status).toBe('signed-out');
    expect(storedKeys()).toEqual([]);
    await flush();
    expect(api.logout).toHaveBeenCalledWith('stored-refresh', expect.any(String));
  });

  it('not on a disconnect within 5 s of the token’s creation: state kept', () => {
    storeSession(ADDRESS, { createdAgoMs: 4999 });
    const auth = machine();
    auth.setWallet(fakeWallet());
    auth.setWallet(null);
    expect(auth.getState().status).toBe('authenticated');
    expect(storage.getItem(STORAGE_KEYS.jwt)).not.toBeNull();
  });

  it('when a remembered wallet could not be reconnected (treated as a disconnect)', () => {
    storeSession(ADDRESS);
    const auth = machine();
    expect(auth.getState().status).toBe('authenticated');
    auth.setWallet(null);
    expect(auth.getState().status).toBe('signed-out');
    expect(storedKeys()).toEqual([]);
  });

  it('when no token is stored while the wallet is connected', async () => {
    storeSession(ADDRESS);
    const auth = machine();
    auth.setWallet(fakeWallet());
    storage.removeItem(STORAGE_KEYS.jwt);
    storage.removeItem(STORAGE_KEYS.accessToken);
    auth.check();
    expect(auth.getState().status).toBe('signed-out');
    await flush();
    // The connection had been authenticated: no automatic prompt.
    expect(api.challenge).not.toHaveBeenCalled();
  });

  it('when the token belongs to another address than the connected wallet', async () => {
    storeSession(OTHER_ADDRESS);
    const auth = machine();
    auth.setWallet(fakeWallet({ canSignMessage: false }));
    expect(auth.getState().status).toBe('signed-out');
    expect(storedKeys()).toEqual([]);
  });

  it('when the token has expired and there is no refresh token', () => {
    storeSession(ADDRESS, { expInS: -1 });
    storage.removeItem(STORAGE_KEYS.refreshToken);
    const auth = machine();
    expect(auth.getState().status).toBe('signed-out');
    expect(storedKeys()).toEqual([]);
  });

  it('when the token has expired and the one refresh fails', async () => {
    storeSession(ADDRESS, { expInS: -1 });
    api.refresh.mockRejectedValueOnce(new Error('401: refresh token reused'));
    const auth = machine();
    await flush();
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(auth.getState().status).toBe('signed-out');
    expect(storedKeys()).toEqual([]);
  });

  it('on explicit sign-out: logout called, storage cleared, no automatic prompt', async () => {
    const auth = machine();
    auth.setWallet(fakeWallet());
    await flush();
    const refreshToken = storage.getItem(STORAGE_KEYS.refreshToken);
    await auth.signOut();
    expect(api.logout).toHaveBeenCalledWith(refreshToken, expect.any(String));
    expect(auth.getState().status).toBe('signed-out');
    expect(storedKeys()).toEqual([]);
    auth.check();
    await flush();
    expect(api.challenge).toHaveBeenCalledTimes(1);
  });
});

describe('the 2 s skip-check window after sign-in', () => {
  it('skips the automatic check for 2 s, then checks again', async () => {
    const auth = machine();
    auth.setWallet(fakeWallet());
    await flush();
    expect(auth.getState().status).toBe('authenticated');
    storage.removeItem(STORAGE_KEYS.jwt);
    storage.removeItem(STORAGE_KEYS.accessToken);
    now += 1999;
    auth.check();
    expect(auth.getState().status).toBe('authenticated');
    now += 1;
    auth.check();
    expect(auth.getState().status).toBe('signed-out');
  });
});

describe('cross-tab re-check on storage changes', () => {
  it('re-checks on a token key: another tab signing out signs this one out', async () => {
    const auth = machine();
    auth.setWallet(fakeWallet());
    await flush();
    now += 3000;
    storage.clear();
    auth.handleStorageChange('some.other.key');
    expect(auth.getState().status).toBe('authenticated');
    auth.handleStorageChange(STORAGE_KEYS.jwt);
    expect(auth.getState().status).toBe('signed-out');
    await flush();
    expect(api.challenge).toHaveBeenCalledTimes(1);
  });

  it('re-checks on storage.clear() (key null): another tab signing in signs this one in', () => {
    const auth = machine();
    auth.setWallet(fakeWallet({ canSignMessage: false }));
    storeSession(ADDRESS);
    auth.handleStorageChange(null);
    expect(auth.getState().status).toBe('authenticated');
  });
});

describe('refresh (one attempt on 401 or expiry)', () => {
  it('an expired token with a refresh token is refreshed and stays authenticated', async () => {
    storeSession(ADDRESS, { expInS: -1 });
    const auth = machine();
    await flush();
    expect(api.refresh).toHaveBeenCalledWith('stored-refresh');
    expect(auth.getState().status).toBe('authenticated');
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    const token = storage.getItem(STORAGE_KEYS.jwt);
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBe(token);
    expect(storage.getItem(STORAGE_KEYS.jwtExp)).toBe(String(now + 900_000));
  });

  it('shares one request between concurrent callers', async () => {
    storeSession(ADDRESS);
    const auth = machine();
    const results = await Promise.all([auth.refresh(), auth.refresh(), auth.refresh()]);
    expect(results).toEqual([true, true, true]);
    expect(api.refresh).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh clears the access and refresh tokens: sign in again', async () => {
    storeSession(ADDRESS);
    api.refresh.mockRejectedValueOnce(new Error('401'));
    const auth = machine();
    await expect(auth.refresh()).resolves.toBe(false);
    expect(storage.getItem(STORAGE_KEYS.jwt)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(auth.getState().status).toBe('signed-out');
  });

  it('under the cross-tab lock, a token another tab already rotated is not spent twice', async () => {
    storeSession(ADDRESS);
    const locks = {
      request: vi.fn(async (_name: string, callback: () => Promise<boolean>) => {
        // Another tab refreshed while this one waited for the lock.
        storage.setItem(STORAGE_KEYS.refreshToken, 'rotated-elsewhere');
        return callback();
      }),
    };
    const auth = machine({ locks: locks as unknown as AuthMachineDeps['locks'] });
    await expect(auth.refresh()).resolves.toBe(true);
    expect(locks.request).toHaveBeenCalledWith('dum.auth.refresh', expect.any(Function));
    expect(api.refresh).not.toHaveBeenCalled();
  });

  it('without a refresh token there is nothing to try', async () => {
    storeSession(ADDRESS);
    storage.removeItem(STORAGE_KEYS.refreshToken);
    const auth = machine();
    await expect(auth.refresh()).resolves.toBe(false);
    expect(auth.getState().status).toBe('signed-out');
  });
});

describe('ensureAccessToken', () => {
  it("throws 'No token and no wallet to login.' when neither exists", async () => {
    await expect(machine().ensureAccessToken()).rejects.toThrow('No token and no wallet to login.');
  });

  it("throws 'Wallet not connected or cannot sign messages.' when the wallet cannot sign", async () => {
    const auth = machine();
    auth.setWallet(fakeWallet({ canSignMessage: false, canSign: false }));
    await expect(auth.ensureAccessToken()).rejects.toThrow(
      'Wallet not connected or cannot sign messages.',
    );
  });

  it('returns the stored token, or signs in first', async () => {
    const stored = storeSession(ADDRESS);
    await expect(machine().ensureAccessToken()).resolves.toBe(stored);
    storage.clear();
    const auth = machine();
    auth.setWallet(fakeWallet({ canSignMessage: false }));
    const token = await auth.ensureAccessToken();
    expect(token).toBe(storage.getItem(STORAGE_KEYS.jwt));
    expect(api.challenge).toHaveBeenCalledTimes(1);
  });
});
