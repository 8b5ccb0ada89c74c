import { lazy, Suspense, useState } from 'react';
import { toast } from '../../components/ui/use-toast.ts';
import { WALLET_REQUIRED, type Viewer } from '../auth/index.ts';
import { useRepost } from './feed-queries.ts';
import { RepostMenu } from './repost-menu.tsx';
import type { FeedPost, QuotedPost } from './types.ts';

const QuoteDialog = lazy(async () => ({
  default: (await import('./quote-dialog.tsx')).QuoteDialog,
}));

/**
 * A post card's repost menu: Repost (optimistic, the count moves at once) and Quote, which opens
 * the quote composer with the post shown in it. Signed-out visitors are told to connect a wallet.
 */
export function RepostAction({ post, viewer }: { post: FeedPost; viewer: Viewer }) {
  const repost = useRepost(post.id);
  const [quoting, setQuoting] = useState(false);
  const [quoteUsed, setQuoteUsed] = useState(false);
  const signedIn = () => {
    if (viewer.isAuthenticated) return true;
    toast({ ...WALLET_REQUIRED, variant: 'destructive' });
    return false;
  };
  return (
    <>
      <RepostMenu
        reposted={post.repostedByViewer}
        count={post.repostCount}
        onRepost={(on) => {
          if (signedIn()) repost.mutate(on);
        }}
        onQuote={() => {
          if (!signedIn()) return;
          setQuoteUsed(true);
          setQuoting(true);
        }}
      />
      {quoteUsed && (
        <Suspense fallback={null}>
          <QuoteDialog quoted={quotedOf(post)} open={quoting} onOpenChange={setQuoting} />
        </Suspense>
      )}
    </>
  );
}

/** The post as a quote will carry it (what the server's quoted summary holds). */
function quotedOf(post: FeedPost): QuotedPost {
  return {
    id: post.id,
    kind: post.kind,
    author: post.author,
    author_wallet: post.author_wallet,
    body: post.capsule?.sealed ? '' : post.body,
    createdAt: post.createdAt,
    imageUrl: post.imageUrl,
    altText: post.altText,
    audioUrl: post.audioUrl,
    locked: post.locked === true || post.capsule?.sealed === true,
    vault: post.vault,
    unlockAt: post.capsule?.sealed ? post.capsule.unlockAt : null,
  };
}
