import { useQuery } from '@tanstack/react-query';
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { toast } from '../../components/ui/use-toast.ts';
import { CONNECTION_FAILED_TOAST } from './wallet-messages.ts';
import { BURNER_WALLET_NAME } from './burner-name.ts';
import { WALLET_NAME_KEY, WalletStore, type WalletState } from './wallet-store.ts';

/** GET /api/config (docs/api.md): the cluster the app runs against and how to reach it. */
export interface ClusterConfig {
  cluster: string;
  rpcUrl: string;
  rpcWsUrl: string;
  dumMint: string | null;
}

export function useClusterConfig(): ClusterConfig | undefined {
  return useQuery<ClusterConfig>({ queryKey: ['/api/config'] }).data;
}

export interface WalletContextValue extends WalletState {
  config: ClusterConfig | undefined;
  /** The burner wallet is offered (localnet only). */
  burnerAvailable: boolean;
  /** Connects the chosen wallet; a failure shows 'Wallet Connection Failed'. True on success. */
  connect: (wallet: Wallet) => Promise<boolean>;
  /** Registers the burner wallet (on demand) and connects it. */
  connectBurner: () => Promise<boolean>;
  disconnect: () => Promise<void>;
  modalOpen: boolean;
  setModalOpen: (open: boolean) => void;
}

const WalletContext = createContext<WalletContextValue | null>(null);

async function loadBurner(config: ClusterConfig): Promise<Wallet> {
  const { registerBurnerWallet } = await import('./burner-wallet.ts');
  return registerBurnerWallet(config.rpcUrl, window.localStorage);
}

/**
 * The wallet session for the whole app: Wallet Standard detection and connection (WalletStore),
 * the cluster config, the burner wallet on the localnet, and the connect modal's open state.
 */
export function WalletProvider({
  children,
  store: givenStore,
}: {
  children: ReactNode;
  /** Tests pass a store over their own registry. */
  store?: WalletStore;
}) {
  const [store] = useState(
    () => givenStore ?? new WalletStore({ registry: getWallets(), storage: window.localStorage }),
  );
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const config = useClusterConfig();
  const [modalOpen, setModalOpen] = useState(false);
  const burnerAvailable = config?.cluster === 'localnet';

  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);

  // A remembered burner is registered again so the silent reconnect finds it.
  useEffect(() => {
    if (config?.cluster !== 'localnet') return;
    if (window.localStorage.getItem(WALLET_NAME_KEY) !== BURNER_WALLET_NAME) return;
    void loadBurner(config);
  }, [config]);

  const connect = useCallback(
    async (wallet: Wallet): Promise<boolean> => {
      try {
        await store.connect(wallet);
        return true;
      } catch (error) {
        toast({
          ...CONNECTION_FAILED_TOAST,
          description: error instanceof Error && error.message ? error.message : undefined,
        });
        return false;
      }
    },
    [store],
  );

  const connectBurner = useCallback(async (): Promise<boolean> => {
    if (!config || config.cluster !== 'localnet') return false;
    try {
      return await connect(await loadBurner(config));
    } catch (error) {
      toast({
        ...CONNECTION_FAILED_TOAST,
        description: error instanceof Error ? error.message : undefined,
      });
      return false;
    }
  }, [config, connect]);

  const disconnect = useCallback(() => store.disconnect(), [store]);

  const value = useMemo<WalletContextValue>(
    () => ({
      ...state,
      config,
      burnerAvailable,
      connect,
      connectBurner,
      disconnect,
      modalOpen,
      setModalOpen,
    }),
    [state, config, burnerAvailable, connect, connectBurner, disconnect, modalOpen],
  );
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}

const noWallet: WalletContextValue = {
  wallets: [],
  status: 'disconnected',
  wallet: null,
  account: null,
  config: undefined,
  burnerAvailable: false,
  connect: async () => false,
  connectBurner: async () => false,
  disconnect: async () => {},
  modalOpen: false,
  setModalOpen: () => {},
};

/** The wallet session. Outside a WalletProvider (isolated component tests): disconnected. */
export function useWallet(): WalletContextValue {
  return useContext(WalletContext) ?? noWallet;
}

/** Opens the connect modal (the composer's and other features' 'Connect Wallet'). */
export function useWalletModal(): { open: () => void } {
  const { setModalOpen } = useWallet();
  return useMemo(() => ({ open: () => setModalOpen(true) }), [setModalOpen]);
}
