import { Trans, useLingui } from '@lingui/react/macro';
import { Heart, Lock, MessageCircle, Share2, Check } from 'lucide-react';
import { memo, useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { useNow } from '../../lib/use-now.ts';
import { AuthorHeading, Avatar, ProfileAvatarLink } from '../post/index.ts';
import { useEngagement } from '../post/index.ts';
import { imageAlt } from '../post/index.ts';
import {
  abbreviateCount,
  authorName,
  countedActionName,
  formatRelativeTime,
  postCreatedAt,
  postText,
} from '../post/index.ts';
import { ShareMenu } from '../post/index.ts';
import type { ShareTriggerAppearance } from '../post/index.ts';
import type { FeedPost } from '../post/index.ts';
import { WALLET_REQUIRED, type Viewer } from '../auth/index.ts';
import { LockedMediaNotice, ViewVaultLink } from '../vaults/index.ts';
import { ReelAudio } from './reel-audio.tsx';
import { REEL_INDEX_ATTRIBUTE } from './reel-hooks.ts';
import { reelMedia, type ReelMedia } from './reel-logic.ts';

export interface ReelProps {
  post: FeedPost;
  index: number;
  /** How many reels the feed has (-1 while more may come), for aria-setsize. */
  setSize: number;
  /** In view now: its audio plays. */
  active: boolean;
  /** Near the one in view: its media is rendered (and so fetched). */
  withMedia: boolean;
  /** The next one: its audio is fetched ahead. */
  next: boolean;
  soundAllowed: boolean;
  onAllowSound: () => void;
  viewer: Viewer;
  referralCode: string | null;
  onOpenComments: (post: FeedPost) => void;
}

/**
 * One reel, a screen high: the image over a blurred copy of itself, the audio player, or a
 * locked vault's locked state (never its media, which the server withholds); the author and
 * text at the bottom; Like, Comments and Share on the side.
 */
export const Reel = memo(function Reel({
  post,
  index,
  setSize,
  active,
  withMedia,
  next,
  soundAllowed,
  onAllowSound,
  viewer,
  referralCode,
  onOpenComments,
}: ReelProps) {
  const headingId = useId();
  const media = reelMedia(post);
  const name = authorName(post);
  return (
    <article
      {...{ [REEL_INDEX_ATTRIBUTE]: index }}
      data-testid="reel"
      data-post-id={post.id}
      data-active={active || undefined}
      data-media={media.kind}
      aria-labelledby={headingId}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      tabIndex={-1}
      className="group relative flex h-full w-full snap-start snap-always items-stretch justify-center overflow-hidden outline-none lg:gap-5 lg:px-6 lg:py-4"
    >
      <div className="relative h-full w-full overflow-hidden bg-black lg:max-w-[44rem] lg:rounded-3xl lg:ring-1 lg:ring-white/10">
        {/* The reel's focus ring (the keys move focus from reel to reel), over its media. */}
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 z-30 hidden rounded-[inherit] ring-2 ring-primary ring-inset group-focus-visible:block"
        />
        <ReelStage
          post={post}
          media={media}
          name={name}
          active={active}
          withMedia={withMedia}
          next={next}
          soundAllowed={soundAllowed}
          onAllowSound={onAllowSound}
        />
        <ReelInfo post={post} name={name} headingId={headingId} />
      </div>
      <ReelActions
        post={post}
        viewer={viewer}
        referralCode={referralCode}
        onOpenComments={onOpenComments}
      />
    </article>
  );
});

function ReelStage({
  post,
  media,
  name,
  active,
  withMedia,
  next,
  soundAllowed,
  onAllowSound,
}: {
  post: FeedPost;
  media: ReelMedia;
  name: string;
  active: boolean;
  withMedia: boolean;
  next: boolean;
  soundAllowed: boolean;
  onAllowSound: () => void;
}) {
  if (media.kind === 'image') {
    return (
      <>
        {withMedia && (
          <>
            {/* The same picture, blurred, fills what the contained image leaves empty. */}
            <img
              src={media.url}
              alt=""
              aria-hidden="true"
              decoding="async"
              className="absolute inset-0 size-full scale-110 object-cover opacity-60 blur-2xl"
            />
            <img
              src={media.url}
              alt={imageAlt(post.altText, name)}
              decoding="async"
              data-testid="reel-image"
              className="relative size-full object-contain"
            />
          </>
        )}
      </>
    );
  }
  return (
    <>
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,color-mix(in_oklab,var(--color-primary)_35%,transparent),transparent_60%),radial-gradient(circle_at_70%_80%,color-mix(in_oklab,var(--color-accent)_30%,transparent),transparent_55%)]"
      />
      {media.kind === 'audio' && withMedia && (
        <ReelAudio
          url={media.url}
          active={active}
          preload={active || next ? 'auto' : 'metadata'}
          soundAllowed={soundAllowed}
          onAllowSound={onAllowSound}
          authorName={name}
          avatarUrl={post.author.avatarUrl}
        />
      )}
      {media.kind === 'locked' && <LockedReel post={post} />}
    </>
  );
}

/** A locked vault: the vault's locked notice where the media would be, and the way to the vault. */
function LockedReel({ post }: { post: FeedPost }) {
  return (
    <div className="relative flex h-full items-center justify-center pr-20 pb-24 pl-4 lg:px-6">
      <div
        data-testid="reel-locked"
        className="w-full max-w-sm rounded-2xl border border-dum/30 bg-background/70 p-5 text-center shadow-2xl backdrop-blur-md"
      >
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-dum/15 text-dum">
          <Lock className="size-7" aria-hidden="true" />
        </span>
        <p className="mt-3 text-base font-semibold">
          <Trans>This vault is locked</Trans>
        </p>
        <LockedMediaNotice />
        {post.vault && <ViewVaultLink vaultId={post.vault.id} />}
      </div>
    </div>
  );
}

/** The author, the time (a link to the post) and the text, over a shade for contrast. */
function ReelInfo({ post, name, headingId }: { post: FeedPost; name: string; headingId: string }) {
  const now = useNow(30_000);
  const text = postText(post);
  const createdAt = postCreatedAt(post);
  return (
    <div className="absolute inset-x-0 bottom-0 z-10 bg-gradient-to-t from-black/90 via-black/55 to-transparent px-4 pt-16 pr-20 pb-5 text-white lg:pr-5">
      <div className="flex items-center gap-2.5">
        <ProfileAvatarLink address={post.author_wallet}>
          <Avatar name={name} src={post.author.avatarUrl} size="md" />
        </ProfileAvatarLink>
        <div className="min-w-0">
          <AuthorHeading post={post} id={headingId} tone="reel" />
          <p className="flex items-center gap-2 text-xs text-white/75">
            {post.author.username && <span className="truncate">@{post.author.username}</span>}
            {createdAt && (
              <Link
                to={`/posts/${post.id}`}
                className="inline-flex min-h-6 items-center rounded-sm hover:text-white hover:underline"
              >
                <time dateTime={createdAt}>{formatRelativeTime(createdAt, now)}</time>
              </Link>
            )}
            {post.vault && (
              <span className="inline-flex items-center gap-1 rounded-full bg-dum/20 px-2 py-0.5 text-[11px] font-semibold text-dum uppercase">
                <Lock className="size-3" aria-hidden="true" />
                <Trans>Vault</Trans>
              </span>
            )}
          </p>
        </div>
      </div>
      {text && (
        <p className="mt-3 line-clamp-3 text-[15px] leading-snug break-words whitespace-pre-wrap drop-shadow">
          {text}
        </p>
      )}
    </div>
  );
}

const ACTION_CLASS =
  'group flex flex-col items-center gap-1 rounded-2xl text-xs font-semibold text-white [text-shadow:0_1px_3px_rgb(0_0_0/0.8)]';
const ACTION_ICON_CLASS =
  'grid size-12 place-items-center rounded-full bg-black/45 ring-1 ring-white/15 backdrop-blur-md transition-colors group-hover:bg-black/65 lg:bg-surface-2 lg:ring-border lg:group-hover:bg-surface-3 [&_svg]:size-6';

const REEL_SHARE: ShareTriggerAppearance = {
  className: ACTION_CLASS,
  content: (copied) => (
    <>
      <span className={ACTION_ICON_CLASS}>
        {copied ? (
          <Check className="text-success" aria-hidden="true" />
        ) : (
          <Share2 aria-hidden="true" />
        )}
      </span>
      <span aria-live="polite">{copied ? <Trans>Copied</Trans> : <Trans>Share</Trans>}</span>
    </>
  ),
};

/** Like, Comments and Share: over the reel on phones, beside it on wide screens. */
function ReelActions({
  post,
  viewer,
  referralCode,
  onOpenComments,
}: {
  post: FeedPost;
  viewer: Viewer;
  referralCode: string | null;
  onOpenComments: (post: FeedPost) => void;
}) {
  const { t } = useLingui();
  const engage = useEngagement(post.id);
  const like = () => {
    if (!viewer.isAuthenticated) {
      toast({ ...WALLET_REQUIRED, variant: 'destructive' });
      return;
    }
    engage.mutate('like');
  };
  return (
    <div className="absolute right-2 bottom-28 z-20 flex flex-col items-center gap-4 lg:static lg:justify-end lg:pb-2">
      <ActionButton
        label={t`Like`}
        pressed={post.liked}
        onClick={like}
        count={post.likeCount}
        icon={<Heart className={cn(post.liked && 'fill-current text-accent')} aria-hidden="true" />}
      />
      <ActionButton
        label={t`Comments`}
        haspopup
        onClick={() => onOpenComments(post)}
        count={post.commentCount}
        icon={<MessageCircle aria-hidden="true" />}
      />
      <ShareMenu
        postId={post.id}
        text={postText(post)}
        referralCode={referralCode}
        appearance={REEL_SHARE}
      />
    </div>
  );
}

function ActionButton({
  label,
  pressed,
  haspopup,
  onClick,
  count,
  icon,
}: {
  label: string;
  pressed?: boolean;
  haspopup?: boolean;
  onClick: () => void;
  count: number;
  icon: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={countedActionName(label, count)}
      aria-pressed={pressed}
      aria-haspopup={haspopup ? 'dialog' : undefined}
      onClick={onClick}
      className={ACTION_CLASS}
    >
      <span className={ACTION_ICON_CLASS}>{icon}</span>
      <span aria-hidden="true" className="font-mono tabular-nums">
        {abbreviateCount(count)}
      </span>
    </button>
  );
}
