import { Coins, Gift, PiggyBank, UserPlus } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function RewardsPage() {
  return (
    <ComingSoon
      icon={Gift}
      eyebrow="Rewards"
      documentTitle="Rewards"
      title="Every vibe mines DUM"
      description="Posts, comments, likes, follows and vault support each earn DUM. The reward halves every 70,000 events, and supply is capped at 21 million."
      features={[
        {
          icon: Coins,
          title: 'Engagement rewards',
          text: 'The current reward per event, and your history.',
        },
        {
          icon: UserPlus,
          title: 'Referrals',
          text: '100 DUM for you and 50 for your friend, doubled in the Genesis epoch.',
        },
        { icon: PiggyBank, title: 'Staking', text: 'Stake DUM and watch the rewards accrue.' },
      ]}
    />
  );
}
