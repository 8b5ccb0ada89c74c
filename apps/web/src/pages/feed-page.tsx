import { Activity, Flame, ImagePlus, Lock, Zap } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function FeedPage() {
  return (
    <ComingSoon
      icon={Zap}
      eyebrow="Feed"
      documentTitle="Feed"
      title={
        <>
          Earn crypto through <span className="text-vibe">engagement</span>, not electricity
        </>
      }
      description="Post, support vaults and mine DUM with every vibe. The reward halves every 70,000 events, three times faster than Bitcoin. The feed opens here soon."
      features={[
        {
          icon: ImagePlus,
          title: 'Composer',
          text: 'Short posts with an image or audio. Free posts disappear after 24 hours.',
        },
        {
          icon: Lock,
          title: 'Vault posts',
          text: 'Lock a post behind a SOL target; supporters unlock it together.',
        },
        {
          icon: Flame,
          title: 'Trending Fan Vaults',
          text: 'The vaults fans are piling into right now, with pools and countdowns.',
        },
        {
          icon: Activity,
          title: 'Platform stats and live activity',
          text: 'Total vibes, DUM mined, the current reward and what just happened.',
        },
      ]}
    />
  );
}
