import { Eye, EyeOff, Sparkles, Timer } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function MysteryVaultsPage() {
  return (
    <ComingSoon
      icon={Sparkles}
      eyebrow="Mystery Vaults"
      documentTitle="Mystery Vaults"
      title="What's inside? Nobody knows yet."
      description="A title and a teaser up front; the content and the target stay hidden until enough fans join."
      features={[
        { icon: Eye, title: 'Teaser first', text: 'See the title and a teaser before you join.' },
        {
          icon: EyeOff,
          title: 'Hidden target',
          text: 'Join with SOL; nobody knows how much it takes to open.',
        },
        {
          icon: Timer,
          title: 'Opens for everyone',
          text: 'When the hidden target is reached or the timer ends.',
        },
      ]}
    />
  );
}
