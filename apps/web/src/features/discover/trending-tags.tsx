import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Hash } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formatNumber } from '../../lib/i18n/index.ts';
import { hashtagHref } from '../post/index.ts';
import { useTrendingTags } from './discover-queries.ts';
import { EmptySection } from './empty-section.tsx';
import { SectionHeading } from './section-heading.tsx';

/** The tags used most in the last 24 hours, as chips that open each tag's posts. */
export function TrendingTags() {
  const { t } = useLingui();
  const tags = useTrendingTags();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <SectionHeading id={headingId} icon={Hash}>
        <Trans>Trending tags</Trans>
      </SectionHeading>
      {tags.isPending ? (
        <div role="status" aria-label={t`Loading trending tags`} className="flex flex-wrap gap-2">
          {[20, 28, 16, 24, 18].map((width) => (
            <Skeleton
              key={width}
              className="h-9 rounded-full"
              style={{ width: `${width * 4}px` }}
            />
          ))}
        </div>
      ) : tags.isError ? (
        <LoadError
          title={t`Couldn’t load trending tags`}
          message={errorMessage(tags.error)}
          onRetry={() => void tags.refetch()}
        />
      ) : tags.data.items.length === 0 ? (
        <EmptySection
          icon={<Hash className="size-6" aria-hidden="true" />}
          title={t`No trending tags yet`}
        >
          <Trans>Tags used in the last 24 hours show up here. Add a #tag to your next post.</Trans>
        </EmptySection>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="trending-tags">
          {tags.data.items.map(({ tag, postCount }) => (
            <li key={tag}>
              <Link
                to={hashtagHref(tag)}
                aria-label={t`#${tag}, ${plural(postCount, { one: '# post', other: '# posts' })}`}
                className="inline-flex h-9 items-center gap-2 rounded-full border border-border bg-surface/80 pr-3 pl-3.5 text-sm font-semibold text-foreground transition-colors hover:border-primary/50 hover:bg-surface-2"
              >
                <span>
                  <span className="text-primary">#</span>
                  {tag}
                </span>{' '}
                <span className="rounded-full bg-surface-3 px-1.5 font-mono text-xs text-muted tabular-nums">
                  {formatNumber(postCount)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
