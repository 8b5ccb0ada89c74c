import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../auth/test-kit.ts';
import { createRegistry, createTestWallet } from './wallet-standard-test-kit.ts';
import { WALLET_NAME_KEY, WalletStore } from './wallet-store.ts';

const stores: WalletStore[] = [];
function storeOver(registry: ReturnType<typeof createRegistry>, storage = memoryStorage()) {
  const store = new WalletStore({ registry, storage, restoreTimeoutMs: 1000 });
  stores.push(store);
  store.start();
  return store;
}

afterEach(() => {
  stores.splice(0).forEach((store) => store.stop());
  vi.useRealTimers();
});

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('WalletStore (Wallet Standard)', () => {
  it('detects registered Solana wallets, including ones registered later', () => {
    const first = createTestWallet({ name: 'First' });
    const notSolana = createTestWallet({ name: 'Eth only', chains: ['ethereum:1'] });
    const registry = createRegistry([first.wallet, notSolana.wallet]);
    const store = storeOver(registry);
    expect(store.getState().wallets.map((w) => w.name)).toEqual(['First']);
    const later = createTestWallet({ name: 'Later' });
    registry.register(later.wallet);
    expect(store.getState().wallets.map((w) => w.name)).toEqual(['First', 'Later']);
  });

  it('connects, remembers the wallet, and disconnects', async () => {
    const test = createTestWallet();
    const storage = memoryStorage();
    const store = storeOver(createRegistry([test.wallet]), storage);
    const pending = store.connect(test.wallet);
    expect(store.getState().status).toBe('connecting');
    await pending;
    expect(store.getState()).toMatchObject({ status: 'connected', wallet: test.wallet });
    expect(store.getState().account?.address).toBe(test.account.address);
    expect(storage.getItem(WALLET_NAME_KEY)).toBe('Test Wallet');
    await store.disconnect();
    expect(store.getState()).toMatchObject({ status: 'disconnected', wallet: null, account: null });
    expect(test.disconnect).toHaveBeenCalled();
    expect(storage.getItem(WALLET_NAME_KEY)).toBeNull();
  });

  it('reports a refused connection to the caller and stays disconnected', async () => {
    const test = createTestWallet({ connectError: new Error('User rejected the request') });
    const store = storeOver(createRegistry([test.wallet]));
    await expect(store.connect(test.wallet)).rejects.toThrow('User rejected the request');
    expect(store.getState().status).toBe('disconnected');
  });

  it('follows the wallet: a dropped connection disconnects, an account switch is seen', async () => {
    const test = createTestWallet();
    const other = createTestWallet();
    const store = storeOver(createRegistry([test.wallet]));
    await store.connect(test.wallet);
    test.switchAccount(other.account);
    expect(store.getState().account?.address).toBe(other.account.address);
    test.dropConnection();
    expect(store.getState().status).toBe('disconnected');
  });

  it('reconnects the remembered wallet silently on start-up', async () => {
    const test = createTestWallet();
    const storage = memoryStorage();
    storage.setItem(WALLET_NAME_KEY, 'Test Wallet');
    const store = storeOver(createRegistry([test.wallet]), storage);
    expect(store.getState().status).toBe('connecting');
    await flush();
    expect(test.connect).toHaveBeenCalledWith({ silent: true });
    expect(store.getState().status).toBe('connected');
  });

  it('waits for a remembered wallet that registers late', async () => {
    const test = createTestWallet();
    const storage = memoryStorage();
    storage.setItem(WALLET_NAME_KEY, 'Test Wallet');
    const registry = createRegistry();
    const store = storeOver(registry, storage);
    expect(store.getState().status).toBe('restoring');
    registry.register(test.wallet);
    await flush();
    expect(store.getState().status).toBe('connected');
  });

  it('gives up on a remembered wallet that never registers', () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    storage.setItem(WALLET_NAME_KEY, 'Gone Wallet');
    const store = storeOver(createRegistry(), storage);
    expect(store.getState().status).toBe('restoring');
    vi.advanceTimersByTime(1000);
    expect(store.getState().status).toBe('disconnected');
  });

  it('forgets a remembered wallet whose silent reconnect is refused', async () => {
    const test = createTestWallet({ silentRefuses: true });
    const storage = memoryStorage();
    storage.setItem(WALLET_NAME_KEY, 'Test Wallet');
    const store = storeOver(createRegistry([test.wallet]), storage);
    await flush();
    expect(store.getState().status).toBe('disconnected');
    expect(storage.getItem(WALLET_NAME_KEY)).toBeNull();
  });

  it('treats an unregistered wallet as a disconnect', async () => {
    const test = createTestWallet();
    const registry = createRegistry();
    const unregister = registry.register(test.wallet);
    const store = storeOver(registry);
    await store.connect(test.wallet);
    unregister();
    expect(store.getState().status).toBe('disconnected');
  });
});
