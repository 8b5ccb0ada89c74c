import { formatAddress } from '@dum/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Ban, CalendarDays, Coins, ExternalLink, MessageCircle, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, BusyButton, buttonVariants } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ItemNotFound } from '../../components/ui/not-found.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { CopyIconButton } from '../../components/ui/copy-icon-button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { i18n } from '../../lib/i18n/index.ts';
import { Avatar, VerifiedBadge } from '../post/index.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { abbreviateCount } from '../post/index.ts';
import type { Viewer } from '../auth/index.ts';
import { explorerAddressUrl } from '../vaults/index.ts';
import { useWallet } from '../wallet/index.ts';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import { FollowButton } from './follow-button.tsx';
import { FollowListDialog } from './follow-list-dialog.tsx';
import { useBlock, useProfile } from './people-queries.ts';
import { EmptyTab, ProfilePosts } from './profile-posts.tsx';
import { ProfileMenu, type ProfileSeenBy } from './profile-menu.tsx';
import { dumMinedText, joinedText, personName } from './profile-display.ts';
import { TrustBandLine } from './trust-band.tsx';
import type { FollowListKind, UserProfile } from './types.ts';

/** The copy toast, its texts read in the active language when it is shown. */
const ADDRESS_COPIED_TOAST = {
  get title() {
    return i18n._(msg`Copied!`);
  },
  get description() {
    return i18n._(msg`Wallet address copied to clipboard`);
  },
  variant: 'success',
} as const;

/** Whether a failed profile read means "no such user" rather than a fault worth retrying. */
export function isProfileMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * One wallet's profile: who they are, their counts and DUM mined, what the viewer can do
 * (follow, message, block; or edit, on one's own), and their posts and vaults.
 */
export function ProfileView({ address, viewer }: { address: string; viewer: Viewer }) {
  const { t } = useLingui();
  const profile = useProfile(address, viewer.userId);
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    return isProfileMissing(profile.error) ? (
      <ItemNotFound
        title={t`Profile not found`}
        reason={t`No Dum Club user has this wallet yet: a profile appears once its wallet signs in.`}
        backTo="/"
        backLabel={t`Back to the feed`}
      />
    ) : (
      <>
        <h1 className="sr-only">
          <Trans>Profile</Trans>
        </h1>
        <LoadError
          title={t`Couldn’t load this profile`}
          message={errorMessage(profile.error)}
          onRetry={() => void profile.refetch()}
        />
      </>
    );
  }
  return <LoadedProfile profile={profile.data} viewer={viewer} />;
}

function LoadedProfile({ profile, viewer }: { profile: UserProfile; viewer: Viewer }) {
  const own = viewer.isAuthenticated && viewer.wallet === profile.solAddress;
  const name = personName(profile);
  return (
    <div className="flex flex-col gap-6" data-testid="profile" data-address={profile.solAddress}>
      <ProfileHeader profile={profile} name={name} own={own} viewer={viewer} />
      {profile.isBlocked ? (
        <BlockedNotice profile={profile} name={name} viewer={viewer} />
      ) : (
        <ProfilePosts address={profile.solAddress} viewer={viewer} postCount={profile.postCount} />
      )}
    </div>
  );
}

function ProfileHeader({
  profile,
  name,
  own,
  viewer,
}: {
  profile: UserProfile;
  name: string;
  own: boolean;
  viewer: Viewer;
}) {
  const { t } = useLingui();
  const nameId = useId();
  const [list, setList] = useState<FollowListKind | null>(null);
  const [editing, setEditing] = useState(false);
  const joined = joinedText(profile.createdAt);
  // The labels sit under their figures: the plural picks the word, without the number.
  const followers = profile.followerCount;
  const posts = profile.postCount;
  const followersLabel = t`${plural(followers, { one: 'Follower', other: 'Followers' })}`;
  const postsLabel = t`${plural(posts, { one: 'Post', other: 'Posts' })}`;
  return (
    <section
      aria-labelledby={nameId}
      className="overflow-hidden rounded-3xl border border-border bg-surface/80"
    >
      <div aria-hidden="true" className="h-24 bg-vibe opacity-40 sm:h-32" />
      <div className="px-5 pb-5 sm:px-6">
        <div className="relative -mt-12 flex items-end justify-between gap-3">
          <Avatar name={name} src={profile.avatarUrl} size="xl" className="ring-4 ring-surface" />
          <div className="flex items-center justify-end gap-2 pb-1">
            {own ? (
              <Button variant="secondary" onClick={() => setEditing(true)} aria-haspopup="dialog">
                <Pencil aria-hidden="true" />
                <Trans>Edit profile</Trans>
              </Button>
            ) : (
              <>
                {!profile.isBlocked && (
                  <FollowButton profile={profile} name={name} viewer={viewer} />
                )}
                {viewer.isAuthenticated && !profile.isBlocked && (
                  <Link
                    to={`/messages/${encodeURIComponent(profile.solAddress)}`}
                    aria-label={t`Message ${name}`}
                    className={buttonVariants({ variant: 'secondary', className: 'px-3 sm:px-4' })}
                  >
                    <MessageCircle aria-hidden="true" />
                    <span className="hidden sm:inline">
                      <Trans>Message</Trans>
                    </span>
                  </Link>
                )}
                <ProfileMenu profile={profile} name={name} viewer={viewer} />
              </>
            )}
          </div>
        </div>

        <h1
          id={nameId}
          className="mt-3 flex min-w-0 items-center gap-1.5 text-2xl font-black tracking-tight"
        >
          <span className="truncate">{name}</span>
          {profile.isVerified && (
            <VerifiedBadge className="size-5 shrink-0 fill-primary/20 text-primary" />
          )}
        </h1>
        {profile.username && name !== `@${profile.username}` && (
          <p className="text-sm text-muted">@{profile.username}</p>
        )}
        {profile.bio && (
          <p className="mt-3 text-[15px] leading-relaxed break-words whitespace-pre-wrap">
            {profile.bio}
          </p>
        )}

        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          <WalletAddress address={profile.solAddress} />
          {joined && (
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              <time dateTime={profile.createdAt}>{joined}</time>
            </span>
          )}
        </div>

        <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="profile-stats">
          <FollowListStat
            label={followersLabel}
            value={abbreviateCount(profile.followerCount)}
            onOpen={() => setList('followers')}
          />
          <FollowListStat
            label={t`Following`}
            value={abbreviateCount(profile.followingCount)}
            onOpen={() => setList('following')}
          />
          <li className={STAT_BOX}>
            <StatFigures label={postsLabel} value={abbreviateCount(profile.postCount)} />
          </li>
          <li className={STAT_BOX}>
            <StatFigures label={t`DUM mined`} value={dumMinedText(profile.totalEarned)} dum />
          </li>
        </ul>
        {profile.trust && <TrustBandLine band={profile.trust.band} own={own} />}
      </div>
      <FollowListDialog
        address={profile.solAddress}
        name={name}
        kind={list}
        onClose={() => setList(null)}
      />
      {own && <EditProfileDialog profile={profile} open={editing} onOpenChange={setEditing} />}
    </section>
  );
}

const STAT_BOX =
  'flex w-full flex-col items-start rounded-xl border border-border bg-background/40 px-3 py-2 text-left';
const STAT_BUTTON =
  'transition-colors hover:border-primary/50 hover:bg-surface-2 motion-reduce:transition-none';

/** A follower or following count that opens its list of wallets. */
function FollowListStat({
  label,
  value,
  onOpen,
}: {
  label: string;
  value: string;
  onOpen: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={onOpen}
        className={cn(STAT_BOX, STAT_BUTTON)}
      >
        <StatFigures label={label} value={value} />
      </button>
    </li>
  );
}

/** A count over its label, read as one phrase ("41 Followers"). */
function StatFigures({
  label,
  value,
  dum = false,
}: {
  label: string;
  value: string;
  dum?: boolean;
}) {
  return (
    <span className="flex flex-col" data-stat={label}>
      <span
        className={cn(
          'flex items-center gap-1 font-mono text-lg font-semibold tabular-nums',
          dum && 'text-dum',
        )}
      >
        {dum && <Coins className="size-4" aria-hidden="true" />}
        {value}
      </span>{' '}
      <span className="text-[11px] font-semibold tracking-wide text-muted uppercase">{label}</span>
    </span>
  );
}

/** The short wallet address with copy and a link to the cluster's explorer. */
function WalletAddress({ address }: { address: string }) {
  const { t } = useLingui();
  const { config } = useWallet();
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono" title={address} data-testid="profile-address">
        {formatAddress(address)}
      </span>
      <CopyIconButton
        text={address}
        label={t`Copy wallet address`}
        copiedLabel={t`Wallet address copied`}
        copiedToast={ADDRESS_COPIED_TOAST}
        className="size-7"
        iconClassName="size-3.5"
      />
      {config && (
        <a
          href={explorerAddressUrl(address, config.cluster, config.rpcUrl)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t`View the wallet on the explorer`}
          className="grid size-7 place-items-center rounded-md hover:bg-surface-2 hover:text-foreground"
        >
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      )}
    </span>
  );
}

function BlockedNotice({ profile, name, viewer }: ProfileSeenBy) {
  const { t } = useLingui();
  const block = useBlock(profile.solAddress, name, viewer.userId);
  return (
    <EmptyTab
      icon={<Ban className="size-6" aria-hidden="true" />}
      title={t`You blocked ${name}`}
      action={
        <BusyButton
          variant="secondary"
          className="mt-3"
          busy={block.isPending}
          busyLabel={t`Unblocking...`}
          onClick={() => block.mutate(false)}
        >
          <Trans>Unblock</Trans>
        </BusyButton>
      }
    >
      <Trans>
        Their posts and comments are hidden from you, and they can’t follow you or message you.
      </Trans>
    </EmptyTab>
  );
}

function ProfileSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading profile`} className="flex flex-col gap-6">
      <h1 className="sr-only">
        <Trans>Profile</Trans>
      </h1>
      <div className="overflow-hidden rounded-3xl border border-border bg-surface/80">
        <Skeleton className="h-24 rounded-none sm:h-32" />
        <div className="px-5 pb-5 sm:px-6">
          <div className="relative -mt-12 flex items-end justify-between">
            <Skeleton className="size-20 rounded-full ring-4 ring-surface sm:size-24" />
            <Skeleton className="h-10 w-28 rounded-xl" />
          </div>
          <Skeleton className="mt-4 h-7 w-48" />
          <Skeleton className="mt-2 h-4 w-24" />
          <Skeleton className="mt-4 h-4 w-4/5" />
          <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {[0, 1, 2, 3].map((cell) => (
              <Skeleton key={cell} className="h-14 rounded-xl" />
            ))}
          </div>
        </div>
      </div>
      <Skeleton className="h-11 w-full rounded-xl sm:w-56" />
    </div>
  );
}
