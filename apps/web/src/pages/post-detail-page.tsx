import { MessageCircle, MessagesSquare, Share2, StickyNote } from 'lucide-react';
import { useParams } from 'react-router';
import { ComingSoon } from './coming-soon.tsx';

export function PostDetailPage() {
  const { id = '' } = useParams();
  return (
    <ComingSoon
      icon={StickyNote}
      eyebrow={`Post ${id}`}
      documentTitle={`Post ${id}`}
      title="Single posts, coming soon"
      description="A post on its own page: the full content, its vault if it has one, and the whole conversation."
      features={[
        {
          icon: MessagesSquare,
          title: 'Comments',
          text: 'The full thread, with replies from signed-in wallets.',
        },
        {
          icon: Share2,
          title: 'Share',
          text: 'Share to X or copy a link that carries your referral code.',
        },
        {
          icon: MessageCircle,
          title: 'Reactions',
          text: 'Likes and bookmarks, each one a vibe that mines DUM.',
        },
      ]}
      action={{ to: '/', label: 'Back to the feed' }}
    />
  );
}
