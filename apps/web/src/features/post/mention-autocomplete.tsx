import {
  formatAddress,
  mentionQueryAt,
  type UserSuggestion,
  type UserSuggestResponse,
} from '@dum/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { Avatar } from './avatar.tsx';

/** How long typing pauses before the suggestions are asked for, in ms. */
const SUGGEST_DEBOUNCE_MS = 120;

export const SUGGEST_ROOT = '/api/users/suggest';

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function useSuggestions(prefix: string | null) {
  const asked = useDebouncedValue(prefix, SUGGEST_DEBOUNCE_MS);
  return useQuery({
    queryKey: [SUGGEST_ROOT, asked],
    queryFn: ({ signal }) =>
      apiRequest<UserSuggestResponse>(
        `${SUGGEST_ROOT}?${new URLSearchParams({ prefix: asked ?? '' }).toString()}`,
        { signal },
      ),
    enabled: asked !== null && asked !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** What a picked wallet is written as: its username, else its full address. */
export function mentionTextOf(suggestion: UserSuggestion): string {
  return `@${suggestion.username ?? suggestion.address} `;
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

export interface MentionAutocomplete<E extends TextField> {
  /**
   * Spread on the text field: the combobox pattern's relations and the caret tracking. The
   * field keeps its textbox role: a textarea may take no other (ARIA in HTML), and a combobox
   * is single-line. What a combobox's aria-expanded would say, the list's live count says.
   */
  inputProps: {
    ref: RefObject<E | null>;
    'aria-autocomplete': 'list';
    'aria-controls': string | undefined;
    'aria-activedescendant': string | undefined;
    onSelect: () => void;
    onClick: () => void;
  };
  /** Call first from the field's onKeyDown; true when the key moved or picked a suggestion. */
  onKeyDown: (event: KeyboardEvent<E>) => boolean;
  /** The suggestions' list, to render right after the textarea inside a relative box. */
  list: ReactNode;
}

/**
 * The composer's `@` autocomplete: while the caret is in `@prefix`, up to 8 wallets whose
 * username or display name starts with it (GET /api/users/suggest). The combobox pattern: arrow
 * keys move, Enter or Tab picks, Escape closes (until the typed prefix changes); a click picks
 * too. Picking writes `@username ` in place of the typed prefix and puts the caret after it.
 */
export function useMentionAutocomplete<E extends TextField = HTMLTextAreaElement>(
  value: string,
  onChange: (text: string) => void,
  /** The field's ref when the caller needs one too (to focus it). */
  fieldRef?: RefObject<E | null>,
): MentionAutocomplete<E> {
  const ownRef = useRef<E | null>(null);
  const ref = fieldRef ?? ownRef;
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  // The highlighted suggestion, for the prefix it was chosen under: a new prefix starts at 0.
  const [active, setActive] = useState<{ typed: string | null; index: number }>({
    typed: null,
    index: 0,
  });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const nextCaret = useRef<number | null>(null);
  const query = caret === null ? null : mentionQueryAt(value, caret);
  const typed = query && query.prefix !== '' ? `${query.start}:${query.prefix}` : null;
  const suggestions = useSuggestions(typed === null ? null : (query?.prefix ?? null));
  const items = typed !== null && typed !== dismissed ? (suggestions.data?.items ?? []) : [];
  const open = items.length > 0;
  const activeIndex = Math.min(active.typed === typed ? active.index : 0, items.length - 1);

  // After a pick, the caret goes after the written mention once the new text is in the field.
  useLayoutEffect(() => {
    const at = nextCaret.current;
    if (at === null || !ref.current) return;
    nextCaret.current = null;
    ref.current.setSelectionRange(at, at);
  }, [value, ref]);

  const trackCaret = () => setCaret(ref.current?.selectionStart ?? null);
  const pick = (suggestion: UserSuggestion) => {
    if (!query || caret === null) return;
    const text = mentionTextOf(suggestion);
    nextCaret.current = query.start + text.length;
    setCaret(nextCaret.current);
    onChange(value.slice(0, query.start) + text + value.slice(caret));
    ref.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<E>): boolean => {
    if (!open) return false;
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    const chosen = items[activeIndex];
    if (move !== undefined) {
      setActive({ typed, index: (activeIndex + move + items.length) % items.length });
    } else if ((event.key === 'Enter' || event.key === 'Tab') && chosen) pick(chosen);
    else if (event.key === 'Escape') setDismissed(typed);
    else return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  };
  const optionId = (index: number) => `${listId}-option-${index}`;
  return {
    inputProps: {
      ref,
      'aria-autocomplete': 'list',
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(activeIndex) : undefined,
      onSelect: trackCaret,
      onClick: trackCaret,
    },
    onKeyDown,
    list: (
      <>
        <MentionAnnouncement found={items.length} />
        {open && (
          <SuggestionList
            id={listId}
            items={items}
            activeIndex={activeIndex}
            optionId={optionId}
            onPick={pick}
          />
        )}
      </>
    ),
  };
}

/** What a screen reader hears while suggestions are open (nothing while they are not). */
function MentionAnnouncement({ found }: { found: number }) {
  const { t } = useLingui();
  return (
    <span className="sr-only" aria-live="polite">
      {found > 0
        ? t`${plural(found, { one: '# person to mention.', other: '# people to mention.' })} Arrow keys choose, Enter picks.`
        : ''}
    </span>
  );
}

function SuggestionList({
  id,
  items,
  activeIndex,
  optionId,
  onPick,
}: {
  id: string;
  items: UserSuggestion[];
  activeIndex: number;
  optionId: (index: number) => string;
  onPick: (suggestion: UserSuggestion) => void;
}) {
  const { t } = useLingui();
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={t`People to mention`}
      data-testid="mention-suggestions"
      className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-lg"
    >
      {items.map((item, index) => (
        <li
          key={item.address}
          id={optionId(index)}
          role="option"
          aria-selected={index === activeIndex}
          // Keeps the focus in the text box, so typing goes on after a click.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(item)}
          className={cn(
            'flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm',
            index === activeIndex ? 'bg-primary/15 text-foreground' : 'hover:bg-surface-2',
          )}
        >
          <Avatar src={item.avatarUrl} name={item.displayName ?? item.username ?? ''} size="sm" />
          <span className="min-w-0 flex-1 truncate">
            <span className="font-medium">
              {item.displayName ?? item.username ?? formatAddress(item.address)}
            </span>
            {item.username && <span className="ml-1 text-muted">@{item.username}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
