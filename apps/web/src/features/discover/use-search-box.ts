import { SEARCH_DEBOUNCE_MS, type SearchType } from '@dum/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { searchTypeOf, withSearch } from './discover-url.ts';

export interface SearchBox {
  /** What the box shows: the person's keystrokes, at once. */
  text: string;
  /** The search kind the switch shows (from the URL). */
  type: SearchType;
  setText: (text: string) => void;
  setType: (type: SearchType) => void;
  /** Writes the box to the URL now, without waiting for the debounce (Enter). */
  commit: () => void;
  /** Empties the box and the search (Escape). */
  clear: () => void;
}

/**
 * The search box's text and its place in the URL. The box keeps the keystrokes; the URL's `q`
 * (which the results read) follows SEARCH_DEBOUNCE_MS after the last one, replacing the entry
 * rather than adding one per keystroke; an emptied box clears the search at once. A URL
 * changed from outside (Back, a link) puts its `q` back in the box and drops a pending write.
 */
export function useSearchBox(): SearchBox {
  const [params, setParams] = useSearchParams();
  const urlText = params.get('q') ?? '';
  const type = searchTypeOf(params.get('type'));
  const [text, setText] = useState(urlText);
  /** The last `q` this box wrote (or read): a URL that differs came from elsewhere. */
  const written = useRef(urlText);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelPending = useCallback(() => {
    if (pending.current !== null) clearTimeout(pending.current);
    pending.current = null;
  }, []);

  useEffect(() => {
    if (urlText === written.current) return;
    written.current = urlText;
    cancelPending();
    setText(urlText);
  }, [urlText, cancelPending]);

  useEffect(() => cancelPending, [cancelPending]);

  const write = useCallback(
    (next: string, nextType: SearchType) => {
      cancelPending();
      const value = next.trim() === '' ? '' : next;
      written.current = value;
      setParams((current) => withSearch(current, value, nextType), { replace: true });
    },
    [cancelPending, setParams],
  );

  const change = (next: string) => {
    setText(next);
    cancelPending();
    if (next.trim() === '') {
      // Emptied by hand: the trending lists come back without waiting.
      if (written.current !== '') write('', type);
      return;
    }
    pending.current = setTimeout(() => {
      pending.current = null;
      if (next !== written.current) write(next, type);
    }, SEARCH_DEBOUNCE_MS);
  };

  return {
    text,
    type,
    setText: change,
    setType: (nextType) => {
      if (text.trim() !== '') write(text, nextType);
    },
    commit: () => {
      if (text !== written.current) write(text, type);
    },
    clear: () => {
      setText('');
      cancelPending();
      if (written.current !== '') write('', type);
    },
  };
}
