import { formatAddress, SEARCH_QUERY_MAX_LENGTH, type SearchType } from '@dum/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, RotateCw, Search, SearchX, X } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { useNow } from '../../lib/use-now.ts';
import { Avatar, VerifiedBadge } from '../post/index.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { authorName, formatRelativeTime, postCreatedAt, postText } from '../post/index.ts';
import type { FeedPost } from '../post/index.ts';
import type { Viewer } from '../auth/index.ts';
import { personName } from '../people/index.ts';
import { profileHref } from '../post/index.ts';
import { useSearch } from './discover-queries.ts';
import type { DiscoverView } from './discover-url.ts';
import { EmptySection } from './empty-section.tsx';
import { markMatches, noResultsText, resultsAnnouncement, snippet } from './search-display.ts';
import type { DiscoverPerson } from './types.ts';
import type { SearchBox } from './use-search-box.ts';

type SearchResult = { kind: 'person'; person: DiscoverPerson } | { kind: 'post'; post: FeedPost };

function resultId(result: SearchResult): string {
  return result.kind === 'person' ? result.person.id : result.post.id;
}

function resultHref(result: SearchResult): string {
  return result.kind === 'person'
    ? profileHref(result.person.solAddress)
    : `/posts/${encodeURIComponent(result.post.id)}`;
}

/**
 * The search box at the top of Discover and, while the URL holds a search, its results: the
 * ARIA combobox pattern. Focus stays in the box; the up and down arrows move through the
 * results (the active one is `aria-activedescendant`), Enter opens it (a person's profile, a
 * post's page), Escape empties the box. Posts / People switches what is searched.
 */
export function DiscoverSearch({
  box,
  view,
  viewer,
}: {
  box: SearchBox;
  view: DiscoverView;
  viewer: Viewer;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const listboxId = useId();
  const searching = view.kind === 'search' ? view : null;
  const search = useSearch(searching?.q ?? '', searching?.type ?? box.type, viewer.userId);
  const results: SearchResult[] = searching
    ? (search.data?.pages ?? []).flatMap((page): SearchResult[] =>
        page.type === 'users'
          ? page.items.map((person) => ({ kind: 'person', person }))
          : page.items.map((post) => ({ kind: 'post', post })),
      )
    : [];

  // The active result belongs to one result list: a new query or kind starts with none.
  const listKey = searching ? `${searching.type}:${searching.q}` : '';
  const [activeState, setActiveState] = useState({ listKey, index: -1 });
  const active =
    activeState.listKey === listKey && activeState.index < results.length ? activeState.index : -1;
  const setActive = (index: number) => setActiveState({ listKey, index });
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const showList = searching !== null && results.length > 0;

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${listboxId}-option-${active}`)?.scrollIntoView({
      block: 'nearest',
    });
  }, [active, listboxId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown': {
        if (count === 0) return;
        event.preventDefault();
        if (active === count - 1 && search.hasNextPage) {
          if (!search.isFetchingNextPage) void search.fetchNextPage();
          return;
        }
        setActive(active + 1 >= count ? 0 : active + 1);
        return;
      }
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        setActive(active <= 0 ? count - 1 : active - 1);
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const chosen = active >= 0 ? results[active] : undefined;
        if (chosen) void navigate(resultHref(chosen));
        else box.commit();
        return;
      }
      case 'Escape': {
        if (box.text === '') return;
        event.preventDefault();
        setActive(-1);
        box.clear();
        return;
      }
    }
  };

  const busy = searching !== null && search.isFetching && !search.isFetchingNextPage;
  return (
    <section aria-label={t`Search`} className="flex flex-col gap-3">
      <div className="relative">
        <label htmlFor={`${listboxId}-input`} className="sr-only">
          <Trans>Search people and posts</Trans>
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-subtle"
          aria-hidden="true"
        />
        <input
          id={`${listboxId}-input`}
          type="search"
          role="combobox"
          aria-expanded={showList}
          aria-controls={showList ? listboxId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder={t`Search people and posts`}
          value={box.text}
          onChange={(event) => box.setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="h-12 w-full rounded-2xl border border-border bg-surface/80 pr-12 pl-12 text-base text-foreground shadow-sm transition-colors placeholder:text-subtle hover:border-primary/40 focus-visible:border-primary [&::-webkit-search-cancel-button]:appearance-none"
        />
        <span className="absolute top-1/2 right-2 flex -translate-y-1/2 items-center">
          {busy && (
            <Loader2
              className="mr-1 size-4 animate-spin text-subtle"
              aria-hidden="true"
              data-testid="search-busy"
            />
          )}
          {box.text !== '' && (
            <button
              type="button"
              aria-label={t`Clear search`}
              onClick={() => {
                setActive(-1);
                box.clear();
              }}
              className="grid size-9 place-items-center rounded-xl text-subtle transition-colors hover:bg-surface-2 hover:text-foreground"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </span>
      </div>

      {box.text !== '' && (
        <ToggleGroup.Root
          type="single"
          value={box.type}
          onValueChange={(value) => {
            if (value === 'posts' || value === 'users') box.setType(value);
          }}
          aria-label={t`Search for`}
          className="flex w-full rounded-xl border border-border bg-surface/70 p-1 sm:w-auto sm:self-start"
        >
          {(['posts', 'users'] as const).map((type) => (
            <ToggleGroup.Item
              key={type}
              value={type}
              className="inline-flex h-9 flex-1 items-center justify-center rounded-lg px-5 text-sm font-semibold text-muted transition-colors hover:text-foreground data-[state=on]:bg-surface-3 data-[state=on]:text-foreground sm:flex-none motion-reduce:transition-none"
            >
              {type === 'posts' ? t`Posts` : t`People`}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      )}

      {searching && (
        <SearchResults
          search={search}
          q={searching.q}
          type={searching.type}
          results={results}
          listboxId={listboxId}
          active={active}
          optionId={optionId}
          onHover={setActive}
          onOpen={(result) => void navigate(resultHref(result))}
          onSwitch={() => box.setType(searching.type === 'posts' ? 'users' : 'posts')}
        />
      )}
    </section>
  );
}

interface SearchResultsProps {
  search: ReturnType<typeof useSearch>;
  q: string;
  type: SearchType;
  results: SearchResult[];
  listboxId: string;
  active: number;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  onOpen: (result: SearchResult) => void;
  onSwitch: () => void;
}

function SearchResults(props: SearchResultsProps) {
  const { search, q, type, results } = props;
  const now = useNow(60_000);
  // Results shown are the previous query's while this one is on its way.
  const settled = !search.isPlaceholderData && search.isSuccess;
  const announcement = settled
    ? resultsAnnouncement(results.length, type, search.hasNextPage, q)
    : '';
  return (
    <>
      <p role="status" className="sr-only" data-testid="search-announcement">
        {announcement}
      </p>
      <SearchResultsBody {...props} now={now} />
    </>
  );
}

function SearchResultsBody({
  search,
  q,
  type,
  results,
  listboxId,
  active,
  optionId,
  onHover,
  onOpen,
  onSwitch,
  now,
}: SearchResultsProps & { now: number }) {
  const { t } = useLingui();
  if (search.isPending) return <SearchSkeleton />;
  if (search.isError && results.length === 0) {
    return (
      <LoadError
        title={t`Couldn’t search`}
        message={errorMessage(search.error)}
        onRetry={() => void search.refetch()}
      />
    );
  }
  if (results.length === 0) return <NoResults q={q} type={type} onSwitch={onSwitch} />;

  return (
    <div className="overflow-hidden rounded-card border border-border bg-surface/80 shadow-sm">
      <ul
        id={listboxId}
        role="listbox"
        aria-label={type === 'posts' ? t`Posts matching “${q}”` : t`People matching “${q}”`}
        aria-busy={search.isFetching}
        className={cn(
          'max-h-[min(32rem,60vh)] overflow-y-auto transition-opacity',
          search.isPlaceholderData && 'opacity-60',
        )}
        data-testid="search-results"
      >
        {results.map((result, index) => (
          <li
            key={`${result.kind}-${resultId(result)}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onClick={() => onOpen(result)}
            onMouseMove={() => index !== active && onHover(index)}
            className={cn(
              'flex cursor-pointer items-start gap-3 border-b border-border/60 px-4 py-3 last:border-b-0',
              index === active
                ? 'bg-surface-3 shadow-[inset_3px_0_0_var(--color-primary)]'
                : 'hover:bg-surface-2',
            )}
          >
            {result.kind === 'person' ? (
              <PersonResult person={result.person} q={q} />
            ) : (
              <PostResult post={result.post} q={q} now={now} />
            )}
          </li>
        ))}
      </ul>
      <MoreResults search={search} />
    </div>
  );
}

function NoResults({
  q,
  type,
  onSwitch,
}: {
  q: string;
  type: Parameters<typeof SearchResults>[0]['type'];
  onSwitch: () => void;
}) {
  const { t } = useLingui();
  return (
    <EmptySection
      icon={<SearchX className="size-6" aria-hidden="true" />}
      title={noResultsText(q)}
      headingLevel={2}
      action={
        <Button variant="secondary" className="mt-3" onClick={onSwitch}>
          {type === 'posts' ? t`Search people instead` : t`Search posts instead`}
        </Button>
      }
    >
      {type === 'posts'
        ? t`No live post matches those words. Check the spelling or try other words.`
        : t`Nobody goes by that name. Try a username, a display name or the start of a wallet address.`}
    </EmptySection>
  );
}

/** More results, or a retry when the next page failed. */
function MoreResults({ search }: { search: Parameters<typeof SearchResults>[0]['search'] }) {
  const { t } = useLingui();
  if (!search.hasNextPage && !search.isFetchNextPageError) return null;
  return (
    <div className="flex justify-center border-t border-border/60 p-2" aria-live="polite">
      {search.isFetchNextPageError ? (
        <Button variant="ghost" size="sm" onClick={() => void search.fetchNextPage()}>
          <RotateCw aria-hidden="true" />
          <Trans>Couldn’t load more. Try Again</Trans>
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          disabled={search.isFetchingNextPage}
          onClick={() => void search.fetchNextPage()}
        >
          {search.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
          {search.isFetchingNextPage ? t`Loading more…` : t`More results`}
        </Button>
      )}
    </div>
  );
}

function Marked({ text, q }: { text: string; q: string }) {
  return markMatches(text, q).map((part, index) =>
    part.marked ? (
      <mark key={index} className="rounded-sm bg-primary/25 text-foreground">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

function PersonResult({ person, q }: { person: DiscoverPerson; q: string }) {
  const name = personName(person);
  const followers = person.followerCount;
  return (
    <>
      <Avatar name={name} src={person.avatarUrl} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex min-w-0 items-center gap-1 text-sm font-semibold">
          <span className="truncate">
            <Marked text={name} q={q} />
          </span>
          {person.isVerified && <VerifiedBadge />}
        </span>
        <span className="truncate text-xs text-subtle">
          {person.username && (
            <>
              @<Marked text={person.username} q={q} /> ·{' '}
            </>
          )}
          <span className="font-mono">{formatAddress(person.solAddress)}</span> ·{' '}
          {plural(followers, { one: '# follower', other: '# followers' })}
        </span>
        {person.bio && <span className="mt-0.5 truncate text-sm text-muted">{person.bio}</span>}
      </span>
    </>
  );
}

function PostResult({ post, q, now }: { post: FeedPost; q: string; now: number }) {
  const name = authorName(post);
  const createdAt = postCreatedAt(post);
  const text = postText(post);
  return (
    <>
      <Avatar name={name} src={post.author.avatarUrl} size="sm" className="mt-0.5" />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex min-w-0 items-baseline gap-2 text-xs text-subtle">
          <span className="truncate text-sm font-semibold text-foreground">{name}</span>
          {createdAt && <time dateTime={createdAt}>{formatRelativeTime(createdAt, now)}</time>}
        </span>
        <span className="line-clamp-2 text-sm break-words text-foreground/90">
          {text ? (
            <Marked text={snippet(text, q)} q={q} />
          ) : (
            <em className="text-muted">
              <Trans>Media post</Trans>
            </em>
          )}
        </span>
      </span>
    </>
  );
}

function SearchSkeleton() {
  const { t } = useLingui();
  return (
    <RowsSkeleton
      label={t`Searching`}
      rows={3}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface/60 p-4"
      lines={['h-4 w-40', 'h-3 w-3/4']}
    />
  );
}
