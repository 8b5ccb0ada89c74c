import { Coins, Image, MessageCircle, ShieldCheck } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function MessagesPage() {
  return (
    <ComingSoon
      icon={MessageCircle}
      eyebrow="Messages"
      documentTitle="Messages"
      title="Wallet-to-wallet messages"
      description="Private conversations between wallets, with pictures, voice notes and the occasional SOL tip."
      features={[
        { icon: Image, title: 'Media', text: 'Send images and audio alongside your text.' },
        {
          icon: Coins,
          title: 'Tips',
          text: 'Attach a SOL tip, verified on chain before it shows.',
        },
        {
          icon: ShieldCheck,
          title: 'Signed-in only',
          text: 'Only the two wallets in a conversation can read it.',
        },
      ]}
    />
  );
}
