import { ChartNoAxesColumn, Coins, TrendingUp, Vault } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function AnalyticsPage() {
  return (
    <ComingSoon
      icon={ChartNoAxesColumn}
      eyebrow="Analytics"
      documentTitle="Analytics"
      title="Know what lands"
      description="See how your posts and vaults perform and how much DUM your vibes have mined."
      features={[
        { icon: TrendingUp, title: 'Engagement', text: 'Likes, comments and shares over time.' },
        { icon: Coins, title: 'DUM mined', text: 'Rewards per day, and the epoch each came from.' },
        {
          icon: Vault,
          title: 'Vault performance',
          text: 'Support raised and how fast vaults unlock.',
        },
      ]}
    />
  );
}
