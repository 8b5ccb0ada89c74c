import { useLingui } from '@lingui/react/macro';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { FeedPost } from './types.ts';

/**
 * A post's heading: its author's name (a link to their profile when the wallet is known) and
 * the verified badge. The card and the reel style it their own way.
 */
export function AuthorHeading({
  post,
  name,
  id,
  className,
  badgeClassName,
}: {
  post: FeedPost;
  name: string;
  id: string;
  className: string;
  badgeClassName: string;
}) {
  const { t } = useLingui();
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
      {post.author.isVerified && (
        <BadgeCheck className={badgeClassName} aria-label={t`Verified`} role="img" />
      )}
    </h2>
  );
}
