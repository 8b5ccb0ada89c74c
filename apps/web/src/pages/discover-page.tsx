import { Compass, Flame, Search, Users } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function DiscoverPage() {
  return (
    <ComingSoon
      icon={Compass}
      eyebrow="Discover"
      documentTitle="Discover"
      title="Find your people"
      description="Browse creators, trending vaults and the wallets everyone is following."
      features={[
        { icon: Search, title: 'Search', text: 'Look up creators by name or wallet address.' },
        {
          icon: Flame,
          title: 'Trending',
          text: 'Vaults and posts gathering the most support today.',
        },
        {
          icon: Users,
          title: 'Who to follow',
          text: 'Creators picked from the people you already follow.',
        },
      ]}
    />
  );
}
