import { Trans, useLingui } from '@lingui/react/macro';
import { FeedEconomyCards } from '../features/economy/index.ts';
import { Composer } from '../features/feed/index.ts';
import { TrendingFanVaults } from '../features/feed/index.ts';
import { useViewer } from '../features/auth/index.ts';
import { WelcomeBanner } from '../features/feed/index.ts';
import { FeedTabs } from '../features/people/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The main feed: the welcome banner for newcomers (it decides when it shows), the composer and
 * the posts under their tabs ('For you', 'Following'); beside them on wide screens (above the posts on narrow ones) Trending Fan Vaults.
 */
export function FeedPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Feed`);
  const viewer = useViewer();
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 xl:max-w-6xl xl:grid-cols-[minmax(0,1fr)_20rem] 2xl:gap-8">
      <div className="flex min-w-0 flex-col gap-4">
        <h1 className="sr-only">
          <Trans>Feed</Trans>
        </h1>
        <WelcomeBanner />
        <Composer />
        <div className="xl:hidden">
          <TrendingFanVaults layout="strip" />
        </div>
        <FeedEconomyCards placement="inline" />
        <FeedTabs viewer={viewer} />
      </div>
      <aside aria-label={t`Trending and stats`} className="hidden xl:block">
        <div className="flex flex-col gap-6">
          <TrendingFanVaults layout="rail" />
          <FeedEconomyCards placement="rail" />
        </div>
      </aside>
    </div>
  );
}
