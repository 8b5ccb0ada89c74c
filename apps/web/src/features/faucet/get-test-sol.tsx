import { Droplets, ExternalLink } from 'lucide-react';
import { BusyButton, buttonVariants } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { useWallet } from '../wallet/index.ts';
import { DEVNET_FAUCET_URL, FAUCET_LABELS, faucetKind } from './faucet-messages.ts';
import { useFaucet, useFaucetBusy } from './faucet-queries.ts';

/**
 * 'Get test SOL' as a button: our faucet on the localnet ('Getting test SOL...' while the
 * airdrop confirms), a link to the public faucet on devnet, nothing on any other cluster.
 */
export function GetTestSolButton({ className }: { className?: string }) {
  const { config } = useWallet();
  const faucet = useFaucet();
  const busy = useFaucetBusy();
  const kind = faucetKind(config?.cluster);
  if (kind === 'devnet') {
    return (
      <a
        href={DEVNET_FAUCET_URL}
        target="_blank"
        rel="noreferrer noopener"
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), className)}
      >
        <Droplets aria-hidden="true" />
        {FAUCET_LABELS.devnet}
        <ExternalLink aria-hidden="true" />
      </a>
    );
  }
  if (kind !== 'localnet') return null;
  return (
    <BusyButton
      variant="outline"
      size="sm"
      className={className}
      busy={busy}
      busyLabel={FAUCET_LABELS.busy}
      aria-busy={busy || undefined}
      icon={<Droplets aria-hidden="true" />}
      onClick={() => faucet.mutate()}
    >
      {FAUCET_LABELS.action}
    </BusyButton>
  );
}
