import { formatAddress } from '@dum/core';
import { User, UserPlus, Vault, Wallet } from 'lucide-react';
import { useParams } from 'react-router';
import { ComingSoon } from './coming-soon.tsx';

export function UserProfilePage() {
  const { walletAddress = '' } = useParams();
  const short = formatAddress(walletAddress);
  return (
    <ComingSoon
      icon={User}
      eyebrow={`Profile · ${short}`}
      documentTitle={short}
      title={
        <>
          <span className="font-mono">{short}</span>’s profile
        </>
      }
      description="Other members' profiles arrive soon: their posts, their vaults, and a button to follow them."
      features={[
        {
          icon: Wallet,
          title: 'Wallet identity',
          text: 'Every profile belongs to one Solana wallet.',
        },
        {
          icon: Vault,
          title: 'Their vaults',
          text: 'The vaults they run and how close each is to unlocking.',
        },
        {
          icon: UserPlus,
          title: 'Follow',
          text: 'Follow them to hear when their time capsules open.',
        },
      ]}
    />
  );
}
