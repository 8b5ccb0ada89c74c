import { Trans, useLingui } from '@lingui/react/macro';
import { Clapperboard } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { Viewer } from '../auth/index.ts';
import { DiscoverSearch } from './discover-search.tsx';
import { readDiscoverView, type DiscoverView as View } from './discover-url.ts';
import { TopCreators } from './top-creators.tsx';
import { TrendingTags } from './trending-tags.tsx';
import { BadTag, TagPosts, TrendingPosts } from './trending-posts.tsx';
import { useSearchBox } from './use-search-box.ts';

function useTitleOf(view: View): string {
  const { t } = useLingui();
  if (view.kind === 'search') {
    const q = view.q;
    return t`${q} · Search`;
  }
  if (view.kind === 'tag') {
    const tag = view.tag;
    return t`#${tag} · Discover`;
  }
  return t`Discover`;
}

/**
 * Discover: the search box on top; under it the search's results, a tag's posts or, with
 * neither in the URL, trending tags, top creators and trending posts. The week's top creators
 * stay in the side rail on wide screens whatever is shown.
 */
export function DiscoverView({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const view = readDiscoverView(params);
  const box = useSearchBox();
  useDocumentTitle(useTitleOf(view));
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 xl:max-w-6xl xl:grid-cols-[minmax(0,1fr)_22rem] 2xl:gap-8">
      <div className="flex min-w-0 flex-col gap-6">
        <header className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <h1 className="text-3xl font-black tracking-tight">
              <Trans>Discover</Trans>
            </h1>
            <p className="text-sm text-muted">
              <Trans>Find people and posts, see what’s trending and who’s earning.</Trans>
            </p>
          </div>
          {/* On phones the header has room for search only: Reels starts here. */}
          <Link
            to="/reels"
            className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border border-border bg-surface px-3.5 text-sm font-semibold text-foreground transition-colors hover:border-primary/50 hover:text-primary"
          >
            <Clapperboard className="size-4" aria-hidden="true" />
            <Trans>Reels</Trans>
          </Link>
        </header>
        <DiscoverSearch box={box} view={view} viewer={viewer} />
        {view.kind === 'tag' && <TagPosts key={view.tag} tag={view.tag} viewer={viewer} />}
        {view.kind === 'bad-tag' && <BadTag raw={view.raw} />}
        {view.kind === 'home' && (
          <>
            <TrendingTags />
            <div className="xl:hidden">
              <TopCreators viewer={viewer} layout="strip" />
            </div>
            <TrendingPosts viewer={viewer} />
          </>
        )}
      </div>
      <aside aria-label={t`Top creators`} className="hidden xl:block">
        <div className="sticky top-20">
          <TopCreators viewer={viewer} layout="rail" />
        </div>
      </aside>
    </div>
  );
}
