import { ChartNoAxesColumn, Megaphone, Target, Wallet } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function AdvertiserPage() {
  return (
    <ComingSoon
      icon={Megaphone}
      eyebrow="Advertiser"
      documentTitle="Advertiser"
      title="Reach the club"
      description="A dashboard for brands and creators who want to put a campaign in front of the Dum Club community."
      features={[
        { icon: Target, title: 'Campaigns', text: 'Plan where and when your message appears.' },
        {
          icon: ChartNoAxesColumn,
          title: 'Results',
          text: 'Reach and engagement for every campaign.',
        },
        {
          icon: Wallet,
          title: 'Test network',
          text: 'Everything runs on test tokens during the preview.',
        },
      ]}
    />
  );
}
