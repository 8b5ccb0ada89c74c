import { vi } from 'vitest';
import type { AuthApi, AuthTokens } from './auth-api.ts';
import type { WalletView } from './auth-machine.ts';

export const ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
export const OTHER_ADDRESS = 'So11111111111111111111111111111111111111112';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned-looking JWT with the given claims (the client never verifies signatures). */
export function makeJwt(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'at+jwt' }))}.${base64Url(
    JSON.stringify(claims),
  )}.c2lnbmF0dXJl`;
}

export function tokenFor(address: string, expSeconds: number, sub = 'user-1'): string {
  return makeJwt({ sub, solAddress: address, exp: expSeconds });
}

/** A fake server: issues tokens for whatever address signs, counts calls. */
export function fakeApi(clock: () => number, overrides: Partial<AuthApi> = {}) {
  let issued = 0;
  const tokens = (address: string): AuthTokens => {
    issued += 1;
    return {
      accessToken: tokenFor(address, Math.floor(clock() / 1000) + 900, 'user-1'),
      refreshToken: `refresh-${issued}`,
      expiresIn: 900,
    };
  };
  return {
    challenge: vi.fn<AuthApi['challenge']>(
      overrides.challenge ?? (async ({ address }) => `sign in ${address}`),
    ),
    verify: vi.fn<AuthApi['verify']>(overrides.verify ?? (async ({ address }) => tokens(address))),
    refresh: vi.fn<AuthApi['refresh']>(overrides.refresh ?? (async () => tokens(ADDRESS))),
    logout: vi.fn<AuthApi['logout']>(overrides.logout ?? (async () => {})),
  };
}

export function fakeWallet(overrides: Partial<WalletView> = {}): WalletView & {
  sign: ReturnType<typeof vi.fn<WalletView['sign']>>;
} {
  return {
    address: ADDRESS,
    canSignMessage: true,
    canSign: true,
    ...overrides,
    sign: vi.fn<WalletView['sign']>(
      overrides.sign ?? (async (message) => ({ message, signature: 'sig' })),
    ),
  };
}

/** A Storage over a Map, so each test has its own. */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

/** Lets pending promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

// Other features' tests use these beyond the face: the app loads them lazily or keeps them
// inside this feature.
export { getPendingReferralCode } from './referral-capture.ts';
export { signChallenge } from './sign-challenge.ts';
