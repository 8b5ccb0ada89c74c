import { LockOpen, Trophy, Users, Vault } from 'lucide-react';
import { useParams } from 'react-router';
import { ComingSoon } from './coming-soon.tsx';

export function VaultDetailPage() {
  const { id = '' } = useParams();
  return (
    <ComingSoon
      icon={Vault}
      eyebrow={`Vault ${id}`}
      documentTitle={`Vault ${id}`}
      title="Vault details are on their way"
      description="Everything about a single vault: how close it is to its target, who backed it and what unlocks when it gets there."
      features={[
        {
          icon: Users,
          title: 'Supporters',
          text: 'Every supporter and the SOL they locked in, verified on chain.',
        },
        { icon: Trophy, title: 'Leaderboard', text: 'The top supporters of this vault.' },
        {
          icon: LockOpen,
          title: 'Unlock',
          text: 'The content opens for everyone once the target is reached.',
        },
      ]}
      action={{ to: '/my-vaults', label: 'Go to My Vaults' }}
    />
  );
}
