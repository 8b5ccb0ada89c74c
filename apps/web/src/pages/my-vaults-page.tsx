import { ChartNoAxesColumn, HandCoins, LockKeyhole, LockOpen } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function MyVaultsPage() {
  return (
    <ComingSoon
      icon={LockKeyhole}
      eyebrow="My Vaults"
      documentTitle="My Vaults"
      title="Every vault you run or back"
      description="Track the vaults you created and the ones you supported, from first deposit to unlock."
      features={[
        {
          icon: ChartNoAxesColumn,
          title: 'Progress',
          text: 'Amount raised against each target, supporters and time left.',
        },
        {
          icon: HandCoins,
          title: 'Supported',
          text: 'The vaults you put SOL into and what they unlocked.',
        },
        {
          icon: LockOpen,
          title: 'Unlocked',
          text: 'Vaults that reached their target, kept for good.',
        },
      ]}
      action={{ to: '/create', label: 'Start a vault' }}
    />
  );
}
