import { useCallback, useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import {
  mediaToPreload,
  REEL_VISIBLE_RATIO,
  reelInView,
  type ReelVisibility,
} from './reel-logic.ts';
import type { FeedPost } from '../post/index.ts';

/** The attribute each reel carries with its index, which the observer reads back. */
export const REEL_INDEX_ATTRIBUTE = 'data-reel-index';

/**
 * Which reel is in view, by IntersectionObserver over the scroller's reels (at least
 * REEL_VISIBLE_RATIO of one on screen). `reelsKey` (the reels' ids) observes them again when
 * reels are added, removed or replaced.
 */
export function useReelInView(
  scroller: RefObject<HTMLElement | null>,
  reelsKey: string,
  current: number,
  onChange: (index: number) => void,
): void {
  const report = useEffectEvent((reports: ReelVisibility[]) => {
    const next = reelInView(current, reports);
    if (next !== current) onChange(next);
  });
  useEffect(() => {
    const root = scroller.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const reports: ReelVisibility[] = entries.flatMap((entry) => {
          const index = Number(entry.target.getAttribute(REEL_INDEX_ATTRIBUTE));
          return Number.isInteger(index)
            ? [{ index, ratio: entry.isIntersecting ? entry.intersectionRatio : 0 }]
            : [];
        });
        report(reports);
      },
      { root, threshold: [0, REEL_VISIBLE_RATIO, 1] },
    );
    for (const reel of root.querySelectorAll(`[${REEL_INDEX_ATTRIBUTE}]`)) observer.observe(reel);
    return () => observer.disconnect();
  }, [scroller, reelsKey]);
}

/**
 * Whether sound may play: browsers let a page start audio with sound only after the person
 * interacted with it. True from the start when they already did (they clicked their way here:
 * the browser's sticky activation), else from their first press, click or tap on the page.
 */
export function useSoundAllowed(): [boolean, () => void] {
  const [allowed, setAllowed] = useState(() => hasBeenActive());
  useEffect(() => {
    if (allowed) return;
    const allow = () => setAllowed(true);
    const events = ['pointerdown', 'keydown', 'touchend'] as const;
    for (const type of events) window.addEventListener(type, allow, { capture: true, once: true });
    return () => {
      for (const type of events) window.removeEventListener(type, allow, { capture: true });
    };
  }, [allowed]);
  const allow = useCallback(() => setAllowed(true), []);
  return [allowed, allow];
}

function hasBeenActive(): boolean {
  // Not in every browser (nor in jsdom): without it, the first gesture decides.
  return 'userActivation' in navigator && navigator.userActivation.hasBeenActive;
}

/**
 * Fetches the images of the next reels ahead of time (new Image(), which fills the HTTP cache);
 * each URL once. The audio of the next reel is fetched by its element (preload="auto").
 */
export function usePreloadedImages(posts: readonly FeedPost[], current: number): void {
  const started = useRef(new Set<string>());
  const { images } = mediaToPreload(posts, current);
  const key = images.join('\n');
  useEffect(() => {
    for (const url of key === '' ? [] : key.split('\n')) {
      if (started.current.has(url)) continue;
      started.current.add(url);
      const image = new Image();
      image.decoding = 'async';
      image.src = url;
    }
  }, [key]);
}

/** Whether the person asked for reduced motion (then scrolling between reels jumps). */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
