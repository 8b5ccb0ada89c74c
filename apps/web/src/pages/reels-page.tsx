import { Clapperboard, Heart, Music, Smartphone } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function ReelsPage() {
  return (
    <ComingSoon
      icon={Clapperboard}
      eyebrow="Reels"
      documentTitle="Reels"
      title="Reels, one swipe at a time"
      description="A full-screen stream of the club's image and audio posts, made for the phone in your hand."
      features={[
        {
          icon: Smartphone,
          title: 'Swipe to browse',
          text: 'Vertical, full-screen, thumb-friendly.',
        },
        {
          icon: Heart,
          title: 'React in place',
          text: 'Like, comment and support without leaving the reel.',
        },
        {
          icon: Music,
          title: 'Audio posts',
          text: 'Listen to voice notes and tracks as they scroll by.',
        },
      ]}
    />
  );
}
