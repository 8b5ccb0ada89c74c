import { Hourglass, PenLine, SquarePlus, Sparkles, Vault } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function CreatePage() {
  return (
    <ComingSoon
      icon={SquarePlus}
      eyebrow="Create"
      documentTitle="Create"
      title="Make something worth vibing"
      description="One place to start anything: a quick post, a vault, a mystery vault or a time capsule."
      features={[
        {
          icon: PenLine,
          title: 'Posts',
          text: 'Text with an image or audio; free posts last 24 hours.',
        },
        { icon: Vault, title: 'Vaults', text: 'Lock a post behind a SOL target for 7 days.' },
        {
          icon: Sparkles,
          title: 'Mystery vaults',
          text: 'A teaser in front, a hidden target behind.',
        },
        { icon: Hourglass, title: 'Time capsules', text: 'Sealed until the moment you choose.' },
      ]}
    />
  );
}
