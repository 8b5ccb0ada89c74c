import { lazy, Suspense } from 'react';
import { useWallet } from './wallet-context.tsx';

const WalletModal = lazy(() =>
  import('./wallet-modal.tsx').then((module) => ({ default: module.WalletModal })),
);

/**
 * Mounts the connect modal while it is open (the modal stays open through its 150 ms close),
 * loading its code on first use so it stays out of the first-load bundle.
 */
export function WalletModalHost() {
  const { modalOpen } = useWallet();
  if (!modalOpen) return null;
  return (
    <Suspense fallback={null}>
      <WalletModal />
    </Suspense>
  );
}
