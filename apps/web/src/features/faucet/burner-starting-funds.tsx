import { useEffect } from 'react';
import { useAuth } from '../auth/index.ts';
import { BURNER_WALLET_NAME } from '../wallet/index.ts';
import { useWallet } from '../wallet/index.ts';
import { useFaucet } from './faucet-queries.ts';

/** Set (per address) once the burner wallet has asked the faucet for its starting SOL. */
export const BURNER_FUNDED_KEY_PREFIX = 'dum.burner.funded.';

/**
 * Marks `address` as having had its starting SOL; true the first time only. Marked before the
 * call, so a failed or interrupted call is not repeated either ('Get test SOL' is there for more).
 */
export function claimStartingFunds(storage: Storage, address: string): boolean {
  const key = BURNER_FUNDED_KEY_PREFIX + address;
  if (storage.getItem(key) !== null) return false;
  storage.setItem(key, new Date().toISOString());
  return true;
}

/**
 * The Burner Wallet starts funded on the localnet: right after its first sign-in it asks the
 * faucet once, so a newcomer can try a support straight away. Renders nothing; a failure is
 * only a toast.
 */
export function BurnerStartingFunds() {
  const { wallet, config } = useWallet();
  const auth = useAuth();
  const { mutate } = useFaucet();
  const address = auth.isAuthenticated ? (auth.user?.solAddress ?? null) : null;
  const isBurner = wallet?.name === BURNER_WALLET_NAME;
  const localnet = config?.cluster === 'localnet';

  useEffect(() => {
    if (!address || !isBurner || !localnet) return;
    if (claimStartingFunds(window.localStorage, address)) mutate();
  }, [address, isBurner, localnet, mutate]);
  return null;
}
