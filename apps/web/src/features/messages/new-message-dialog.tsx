import { formatAddress, type UserSummary } from '@dum/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BadgeCheck, Search } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogHeading } from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../post/index.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { looksLikeWalletAddress, personName } from './message-display.ts';
import { usePeopleSearch } from './messages-queries.ts';
import type { ThreadLocationState } from './message-thread.tsx';

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface Option {
  address: string;
  person: UserSummary | null;
}

/**
 * 'New message': find someone by username or wallet address (a combobox over the search
 * results; arrows move, Enter opens the conversation). A full wallet address can be opened
 * even when the search does not list it.
 */
export function NewMessageDialog({
  open,
  onOpenChange,
  viewerWallet,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewerWallet: string | null;
}) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  // The highlighted option, for the results of one search (a new search starts at the top).
  const [highlight, setHighlight] = useState({ query: '', index: 0 });
  const navigate = useNavigate();
  const ids = { input: useId(), list: useId(), hint: useId() };
  const trimmed = query.trim().replace(/^@/, '');
  const debounced = useDebounced(trimmed, SEARCH_DEBOUNCE_MS);
  const search = usePeopleSearch(debounced);
  const settled = debounced === trimmed;

  const found: Option[] = (search.data?.items ?? [])
    .filter((person) => person.solAddress !== viewerWallet)
    .map((person) => ({ address: person.solAddress, person }));
  const options: Option[] =
    looksLikeWalletAddress(trimmed) &&
    trimmed !== viewerWallet &&
    !found.some((option) => option.address === trimmed)
      ? [...found, { address: trimmed, person: null }]
      : found;
  const active = highlight.query === debounced ? highlight.index : 0;
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const setActive = (index: number) => setHighlight({ query: debounced, index });

  const choose = (option: Option) => {
    onOpenChange(false);
    setQuery('');
    const state: ThreadLocationState = { focusThread: true };
    void navigate(`/messages/${encodeURIComponent(option.address)}`, { state });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((activeIndex + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((activeIndex - 1 + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) choose(option);
    }
  };

  const foundCount = options.length;
  const status = !trimmed
    ? t`Type a username or paste a wallet address.`
    : !settled || search.isFetching
      ? t`Searching…`
      : search.isError
        ? errorMessage(search.error)
        : foundCount === 0
          ? t`Nobody found. Try a username or a full wallet address.`
          : t`${plural(foundCount, { one: '# person found', other: '# people found' })}`;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setQuery('');
      }}
    >
      <DialogContent className="gap-3">
        <DialogHeading
          title={<Trans>New message</Trans>}
          description={<Trans>Find someone by username or wallet address.</Trans>}
        />
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
            aria-hidden="true"
          />
          <label htmlFor={ids.input} className="sr-only">
            <Trans>Search people</Trans>
          </label>
          <input
            id={ids.input}
            type="text"
            role="combobox"
            aria-expanded={options.length > 0}
            aria-controls={ids.list}
            aria-autocomplete="list"
            aria-activedescendant={options.length > 0 ? `${ids.list}-${activeIndex}` : undefined}
            aria-describedby={ids.hint}
            autoComplete="off"
            spellCheck={false}
            placeholder={t`@username or wallet address`}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            className="h-11 w-full rounded-xl border border-border bg-surface-2 pr-3 pl-9 text-base focus-visible:border-primary/60 focus-visible:ring-2 focus-visible:ring-primary/30 focus-visible:outline-none"
          />
        </div>
        <p id={ids.hint} role="status" className="px-1 text-xs text-muted">
          {status}
        </p>
        <ul
          id={ids.list}
          role="listbox"
          aria-label={t`People`}
          className="-mx-1 flex max-h-72 flex-col gap-0.5 overflow-y-auto"
        >
          {options.map((option, index) => {
            const name = personName(option.person, option.address);
            const shortAddress = formatAddress(option.address);
            return (
              <li
                key={option.address}
                id={`${ids.list}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                onClick={() => choose(option)}
                onMouseMove={() => setActive(index)}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl px-2.5 py-2',
                  index === activeIndex ? 'bg-primary/12' : 'hover:bg-surface-2',
                )}
              >
                <Avatar name={name} src={option.person?.avatarUrl} size="sm" />
                <span className="flex min-w-0 flex-col">
                  <span className="flex items-center gap-1 truncate text-sm font-semibold">
                    {option.person ? name : t`Message ${shortAddress}`}
                    {option.person?.isVerified && (
                      <BadgeCheck className="size-4 text-primary" aria-label={t`Verified`} />
                    )}
                  </span>
                  <span className="truncate font-mono text-xs text-muted">
                    {option.person?.username ? `@${option.person.username} · ` : ''}
                    {formatAddress(option.address)}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
