import { Trans, useLingui } from '@lingui/react/macro';
import { Flame, Hash, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import { PostFeedList } from '../post/index.ts';
import type { Viewer } from '../auth/index.ts';
import { useTagPosts, useTrendingPosts } from './discover-queries.ts';
import { EmptySection } from './empty-section.tsx';
import { SectionHeading } from './section-heading.tsx';

/**
 * Posts by engagement in the last 24 hours, in the feed's own post list and cards (paged as
 * the reader nears the end, like the feed).
 */
export function TrendingPosts({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  const posts = useTrendingPosts(viewer.userId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <SectionHeading id={headingId} icon={Flame}>
        <Trans>Trending posts</Trans>
      </SectionHeading>
      <PostFeedList
        viewer={viewer}
        feed={posts}
        heading={t`Trending posts, most engaging first`}
        errorTitle={t`Couldn’t load trending posts`}
        empty={
          <EmptySection
            icon={<Flame className="size-6" aria-hidden="true" />}
            title={t`Nothing trending yet`}
          >
            <Trans>
              Posts that get likes, comments and supports in the last 24 hours show up here.
            </Trans>
          </EmptySection>
        }
      />
    </section>
  );
}

/** `/discover?tag=x`: the live posts carrying #x, newest first, under the heading '#x'. */
export function TagPosts({ tag, viewer }: { tag: string; viewer: Viewer }) {
  const { t } = useLingui();
  const posts = useTagPosts(tag, viewer.userId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <TagHeader headingId={headingId} tag={tag} />
      <PostFeedList
        viewer={viewer}
        feed={posts}
        heading={t`Posts tagged #${tag}, newest first`}
        errorTitle={t`Couldn’t load the posts tagged #${tag}`}
        empty={
          <EmptySection
            icon={<Hash className="size-6" aria-hidden="true" />}
            title={t`No posts with #${tag} right now`}
            action={<BackToDiscover />}
          >
            <Trans>Free posts last 24 hours. Write one with #{tag} and it shows up here.</Trans>
          </EmptySection>
        }
      />
    </section>
  );
}

function TagHeader({ headingId, tag }: { headingId: string; tag: string }) {
  const { t } = useLingui();
  return (
    <div className="flex items-center gap-3 rounded-card border border-border bg-surface/80 p-4">
      <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-vibe text-primary-foreground">
        <Hash className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2
          id={headingId}
          className="text-2xl leading-tight font-black tracking-tight [overflow-wrap:anywhere]"
        >
          #{tag}
        </h2>
        <p className="text-sm text-muted">
          <Trans>Live posts with this tag, newest first</Trans>
        </p>
      </div>
      <Link
        to="/discover"
        aria-label={t`All of Discover`}
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'shrink-0' })}
      >
        <X aria-hidden="true" />
        <span className="hidden sm:inline">
          <Trans>All of Discover</Trans>
        </span>
      </Link>
    </div>
  );
}

/** `?tag=` with something that is not a tag. */
export function BadTag({ raw }: { raw: string }) {
  const { t } = useLingui();
  return (
    <EmptySection
      icon={<Hash className="size-6" aria-hidden="true" />}
      title={t`That isn’t a tag`}
      headingLevel={2}
      action={<BackToDiscover />}
    >
      {t`“${raw}” can’t be a hashtag: tags are up to 50 letters, digits or underscores.`}
    </EmptySection>
  );
}

function BackToDiscover() {
  return (
    <Link to="/discover" className={buttonVariants({ variant: 'secondary', className: 'mt-3' })}>
      <Trans>See what’s trending</Trans>
    </Link>
  );
}
