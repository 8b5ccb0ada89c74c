import { useLingui } from '@lingui/react/macro';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { authorName } from './post-display.ts';
import type { FeedPost } from './types.ts';

/** The card's heading, and the reel's: larger and bolder over the picture. */
const TONES = {
  card: {
    className: 'flex min-w-0 items-center gap-1 text-sm font-semibold',
    badgeClassName: 'size-4 shrink-0 fill-primary/20 text-primary',
  },
  reel: {
    className: 'flex min-w-0 items-center gap-1 text-[15px] font-bold',
    badgeClassName: 'size-4 shrink-0 fill-primary/30 text-primary',
  },
};

/**
 * A post's heading: its author's name (a link to their profile when the wallet is known) and
 * the verified badge. The card and the reel style it their own way.
 */
export function AuthorHeading({
  post,
  id,
  tone,
}: {
  post: FeedPost;
  id: string;
  tone: keyof typeof TONES;
}) {
  const name = authorName(post);
  const { className, badgeClassName } = TONES[tone];
  const profileHref = post.author_wallet ? `/profile/${post.author_wallet}` : null;
  return (
    <h2 id={id} className={className}>
      {profileHref ? (
        <Link to={profileHref} className="truncate rounded-sm py-0.5 hover:underline">
          {name}
        </Link>
      ) : (
        <span className="truncate">{name}</span>
      )}
      {post.author.isVerified && <VerifiedBadge className={badgeClassName} />}
    </h2>
  );
}

/** The verified mark beside a name, which a screen reader reads as 'Verified'. */
export function VerifiedBadge({
  className = 'size-4 shrink-0 fill-primary/20 text-primary',
}: {
  className?: string;
}) {
  const { t } = useLingui();
  return <BadgeCheck className={className} aria-label={t`Verified`} role="img" />;
}
