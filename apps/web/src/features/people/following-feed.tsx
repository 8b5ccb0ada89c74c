import { Trans, useLingui } from '@lingui/react/macro';
import { Compass, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import { PostFeedList } from '../post/index.ts';
import type { Viewer } from '../auth/index.ts';
import { ConnectPrompt } from '../auth/index.ts';
import { useFollowingFeed, useProfile } from './people-queries.ts';
import { EmptyTab } from './profile-posts.tsx';

/** The 'Following' tab: posts by the wallets the viewer follows, and the viewer's own. */
export function FollowingFeed({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  if (!viewer.isAuthenticated || !viewer.userId) {
    return (
      <ConnectPrompt viewer={viewer} title={t`Connect your wallet to see who you follow`}>
        <Trans>
          Sign in with your wallet to see posts from the people you follow, newest first.
        </Trans>
      </ConnectPrompt>
    );
  }
  return <SignedInFollowingFeed viewer={viewer} />;
}

function SignedInFollowingFeed({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  const feed = useFollowingFeed(viewer.userId);
  const me = useProfile(viewer.wallet ?? '', viewer.userId, viewer.wallet !== null);
  const followsSomeone = (me.data?.followingCount ?? 0) > 0;
  return (
    <PostFeedList
      viewer={viewer}
      feed={feed}
      heading={t`Posts from people you follow`}
      errorTitle={t`Couldn’t load the posts of people you follow`}
      empty={
        followsSomeone ? (
          <EmptyTab icon={<Users className="size-6" aria-hidden="true" />} title={t`No posts yet`}>
            <Trans>The people you follow haven’t posted anything that is still up.</Trans>
          </EmptyTab>
        ) : (
          <EmptyTab
            icon={<Users className="size-6" aria-hidden="true" />}
            title={t`Not following anyone yet: find people on Discover`}
            action={
              <Link
                to="/discover"
                className={buttonVariants({ variant: 'secondary', className: 'mt-3' })}
              >
                <Compass aria-hidden="true" />
                <Trans>Go to Discover</Trans>
              </Link>
            }
          >
            <Trans>Follow people to see their posts here, newest first.</Trans>
          </EmptyTab>
        )
      }
    />
  );
}
