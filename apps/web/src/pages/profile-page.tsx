import { BadgeCheck, Coins, User, Users } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function ProfilePage() {
  return (
    <ComingSoon
      icon={User}
      eyebrow="Profile"
      documentTitle="Profile"
      title="Your profile, your vibe"
      description="Your wallet is your identity here. Soon your profile shows your posts, vaults, followers and the DUM you have mined."
      features={[
        {
          icon: BadgeCheck,
          title: 'Name and avatar',
          text: 'A display name and picture on top of your wallet address.',
        },
        { icon: Users, title: 'Followers', text: 'Who follows you and whom you follow.' },
        {
          icon: Coins,
          title: 'DUM stats',
          text: 'Balance, staked DUM and the rewards you have earned.',
        },
      ]}
    />
  );
}
