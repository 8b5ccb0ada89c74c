import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster.tsx';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { AuthProvider } from '../auth/index.ts';
import { makeJwt } from '../auth/test-kit.ts';
import type { createRegistry } from './wallet-standard-test-kit.ts';
import { WalletProvider } from './wallet-context.tsx';
import { WalletControl } from '../shell/index.ts';
import { WalletModal } from './wallet-modal.tsx';
import { WalletStore } from './wallet-store.ts';
import { MemoryRouter } from 'react-router';

export interface FakeServer {
  cluster: string;
  /** Held verify answers, when a test wants to see the busy state. */
  holdVerify: boolean;
  releaseVerify: () => void;
  calls: { method: string; path: string; body: unknown }[];
  balanceLamports: string;
  /**
   * POST /api/faucet's answer; by default 1 SOL arrives (added to the balance). A test that
   * wants to see the busy state returns a promise it settles itself.
   */
  faucet: () => Response | Promise<Response>;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Stubs fetch with the server's auth endpoints, /api/config, /api/faucet and the RPC's
 * getBalance.
 */
export function stubServer(overrides: Partial<FakeServer> = {}): FakeServer {
  let release: (() => void) | null = null;
  const server: FakeServer = {
    cluster: 'localnet',
    holdVerify: false,
    releaseVerify: () => release?.(),
    calls: [],
    balanceLamports: '1500000000',
    faucet: () => {
      server.balanceLamports = String(BigInt(server.balanceLamports) + 1_000_000_000n);
      return json({ signature: 'airdrop-signature', lamports: '1000000000' });
    },
    ...overrides,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: { method?: string; body?: string }) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = init?.body ? JSON.parse(init.body) : undefined;
      server.calls.push({ method, path: url.pathname, body });
      switch (url.pathname) {
        case '/api/config':
          return json({
            cluster: server.cluster,
            rpcUrl: 'http://localhost/rpc',
            rpcWsUrl: 'ws://localhost/rpc',
            dumMint: null,
          });
        case '/api/auth/challenge':
          return json({ messageToSign: `sign in ${(body as { address: string }).address}` });
        case '/api/auth/verify': {
          if (server.holdVerify) await new Promise<void>((resolve) => (release = resolve));
          const address = (body as { address: string }).address;
          return json({
            accessToken: makeJwt({
              sub: 'user-1',
              solAddress: address,
              exp: Math.floor(Date.now() / 1000) + 900,
            }),
            refreshToken: 'refresh-1',
            expiresIn: 900,
          });
        }
        case '/api/faucet':
          return server.faucet();
        case '/api/auth/logout':
          return new Response(null, { status: 204 });
        case '/rpc':
          return json({
            jsonrpc: '2.0',
            id: 1,
            result: { context: { slot: 1 }, value: Number(server.balanceLamports) },
          });
        default:
          return json(
            { error: { code: 'route_not_found', message: 'No such API endpoint.' } },
            404,
          );
      }
    }),
  );
  return server;
}

export function renderWallet(
  registry: ReturnType<typeof createRegistry>,
  children: ReactNode = <WalletControl />,
) {
  const store = new WalletStore({ registry, storage: window.localStorage, restoreTimeoutMs: 500 });
  // The wallet menu links to pages (My reports): a router, as the app has.
  return render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <TooltipProvider>
          <WalletProvider store={store}>
            <AuthProvider>
              {children}
              <WalletModal />
            </AuthProvider>
          </WalletProvider>
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
