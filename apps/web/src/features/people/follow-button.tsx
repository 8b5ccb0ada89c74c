import { Trans, useLingui } from '@lingui/react/macro';
import { UserCheck, UserPlus } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { WALLET_REQUIRED, type Viewer } from '../auth/index.ts';
import type { OtherFollowCopies } from './people-cache.ts';
import { useFollow } from './people-queries.ts';
import type { UserProfile } from './types.ts';

/**
 * Follow / Unfollow, optimistic (see useFollow). Signed out, it says a wallet is needed, as a
 * like does. One toggle at a time: it waits for the server before the next.
 */
export function FollowButton({
  profile,
  name,
  viewer,
  otherCopies,
  size,
}: {
  profile: Pick<UserProfile, 'solAddress' | 'isFollowing'>;
  name: string;
  viewer: Viewer;
  /** Where else this person's follow state is cached (a Discover list), kept in step. */
  otherCopies?: OtherFollowCopies;
  size?: ButtonProps['size'];
}) {
  const { t } = useLingui();
  const follow = useFollow(profile.solAddress, name, viewer.userId, otherCopies);
  const following = profile.isFollowing === true;
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      size={size}
      aria-label={following ? t`Unfollow ${name}` : t`Follow ${name}`}
      disabled={follow.isPending}
      onClick={() => {
        if (!viewer.isAuthenticated) {
          toast({ ...WALLET_REQUIRED, variant: 'destructive' });
          return;
        }
        follow.mutate(!following);
      }}
    >
      {following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {/* The verb, apart from "Follow" as the name of a kind of activity. */}
      {following ? <Trans>Unfollow</Trans> : <Trans context="button">Follow</Trans>}
    </Button>
  );
}
