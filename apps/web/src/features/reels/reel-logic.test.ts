import { describe, expect, it } from 'vitest';
import { makePost } from '../post/test-kit.tsx';
import {
  anchoredIndex,
  inMediaWindow,
  isInKeyWidget,
  LOAD_MORE_WITHIN,
  mediaToPreload,
  PRELOAD_AHEAD,
  reelInView,
  reelKeyStep,
  reelMedia,
  shouldLoadMore,
  stepTarget,
  type ReelKeyEvent,
} from './reel-logic.ts';

function key(name: string, extra: Partial<ReelKeyEvent> = {}): ReelKeyEvent {
  return {
    key: name,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    defaultPrevented: false,
    ...extra,
  };
}

describe('the keys of Reels', () => {
  it('moves down with ArrowDown and j, up with ArrowUp and k', () => {
    expect(reelKeyStep(key('ArrowDown'), false)).toBe(1);
    expect(reelKeyStep(key('j'), false)).toBe(1);
    expect(reelKeyStep(key('ArrowUp'), false)).toBe(-1);
    expect(reelKeyStep(key('k'), false)).toBe(-1);
  });

  it('leaves every other key, and these with a modifier, handled or in a widget, alone', () => {
    for (const other of ['J', 'K', ' ', 'Enter', 'ArrowLeft', 'PageDown', 'Escape', 'l']) {
      expect(reelKeyStep(key(other), false), other).toBe(0);
    }
    for (const modifier of ['altKey', 'ctrlKey', 'metaKey', 'shiftKey'] as const) {
      expect(reelKeyStep(key('j', { [modifier]: true }), false), modifier).toBe(0);
    }
    expect(reelKeyStep(key('ArrowDown', { defaultPrevented: true }), false)).toBe(0);
    expect(reelKeyStep(key('ArrowDown'), true)).toBe(0);
  });

  it('knows where keys mean something else: fields, dialogs, menus', () => {
    document.body.innerHTML = `
      <input id="field" /><textarea id="area"></textarea>
      <div role="dialog"><button id="in-dialog">Close</button></div>
      <div role="menu"><div role="menuitem" id="item">Copy Link</div></div>
      <article><button id="like">Like</button></article>`;
    const byId = (id: string) => document.getElementById(id);
    for (const id of ['field', 'area', 'in-dialog', 'item']) {
      expect(isInKeyWidget(byId(id)), id).toBe(true);
    }
    expect(isInKeyWidget(byId('like'))).toBe(false);
    expect(isInKeyWidget(document.body)).toBe(false);
    expect(isInKeyWidget(null)).toBe(false);
    document.body.innerHTML = '';
  });

  it('steps within the reels and nowhere past either end', () => {
    expect(stepTarget(0, 1, 3)).toBe(1);
    expect(stepTarget(2, -1, 3)).toBe(1);
    expect(stepTarget(0, -1, 3)).toBeNull();
    expect(stepTarget(2, 1, 3)).toBeNull();
    expect(stepTarget(1, 0, 3)).toBeNull();
    expect(stepTarget(0, 1, 0)).toBeNull();
  });
});

describe('which reel is in view', () => {
  it('is the most visible reel at 60% or more, else stays', () => {
    expect(reelInView(0, [{ index: 1, ratio: 0.7 }])).toBe(1);
    expect(
      reelInView(0, [
        { index: 1, ratio: 0.65 },
        { index: 2, ratio: 0.9 },
      ]),
    ).toBe(2);
    // Halfway between two: the one already in view stays.
    expect(
      reelInView(3, [
        { index: 3, ratio: 0.5 },
        { index: 4, ratio: 0.5 },
      ]),
    ).toBe(3);
    // A reel leaving (ratio 0) changes nothing.
    expect(reelInView(2, [{ index: 1, ratio: 0 }])).toBe(2);
    expect(reelInView(2, [])).toBe(2);
  });

  it('renders media near the reel in view only', () => {
    expect([0, 1, 2, 3, 4, 5].filter((index) => inMediaWindow(index, 2))).toEqual([0, 1, 2, 3, 4]);
    expect([0, 1, 2, 3].filter((index) => inMediaWindow(index, 0))).toEqual([0, 1, 2]);
  });
});

describe('what is fetched ahead', () => {
  const posts = [
    { imageUrl: '/media/0.png', audioUrl: null },
    { imageUrl: null, audioUrl: '/media/1.wav' },
    { imageUrl: '/media/2.png', audioUrl: null },
    // A locked vault: the server sent no URL, so there is nothing to fetch.
    { imageUrl: null, audioUrl: null },
    { imageUrl: '/media/4.png', audioUrl: null },
    { imageUrl: '/media/5.png', audioUrl: null },
  ];

  it('preloads the media of the next reels, images and audio apart', () => {
    expect(PRELOAD_AHEAD).toBe(3);
    expect(mediaToPreload(posts, 0)).toEqual({ images: ['/media/2.png'], audio: ['/media/1.wav'] });
    expect(mediaToPreload(posts, 2)).toEqual({
      images: ['/media/4.png', '/media/5.png'],
      audio: [],
    });
    expect(mediaToPreload(posts, 5)).toEqual({ images: [], audio: [] });
  });

  it('asks for the next page near the end, once, and not after a failure', () => {
    const more = { hasNextPage: true, isFetchingNextPage: false, isError: false };
    expect(LOAD_MORE_WITHIN).toBe(3);
    expect(shouldLoadMore(0, 10, more)).toBe(false);
    expect(shouldLoadMore(6, 10, more)).toBe(false);
    expect(shouldLoadMore(7, 10, more)).toBe(true);
    expect(shouldLoadMore(10, 10, more)).toBe(true);
    expect(shouldLoadMore(9, 10, { ...more, hasNextPage: false })).toBe(false);
    expect(shouldLoadMore(9, 10, { ...more, isFetchingNextPage: true })).toBe(false);
    // Retrying is the person's call (Try Again), not a loop.
    expect(shouldLoadMore(9, 10, { ...more, isError: true })).toBe(false);
  });
});

describe('staying on the reel being watched', () => {
  const ids = (...list: string[]) => list.map((id) => ({ id }));

  it('follows it when new posts arrive above it, and stays put when pages are added below', () => {
    expect(anchoredIndex(ids('new1', 'new2', 'a', 'b', 'c'), 'b', 1)).toBe(3);
    expect(anchoredIndex(ids('a', 'b', 'c', 'd'), 'b', 1)).toBe(1);
  });

  it('keeps the index, within the list and its end, when the reel is gone or the end showed', () => {
    expect(anchoredIndex(ids('a', 'c'), 'b', 1)).toBe(1);
    expect(anchoredIndex(ids('a'), 'b', 3)).toBe(1);
    // At the end (index 2 of two posts), a new page shows its first post there.
    expect(anchoredIndex(ids('a', 'b', 'c', 'd'), null, 2)).toBe(2);
    expect(anchoredIndex([], null, 0)).toBe(0);
  });
});

describe('what a reel shows', () => {
  it('its image, its audio, or the locked state of a vault, never locked media', () => {
    expect(reelMedia(makePost({ imageUrl: '/media/a.png' }))).toEqual({
      kind: 'image',
      url: '/media/a.png',
    });
    expect(reelMedia(makePost({ audioUrl: '/media/a.wav' }))).toEqual({
      kind: 'audio',
      url: '/media/a.wav',
    });
    expect(reelMedia(makePost({ kind: 'vault', locked: true }))).toEqual({ kind: 'locked' });
    // Even were a URL there, a locked post shows its locked state.
    expect(reelMedia(makePost({ imageUrl: '/media/a.png', locked: true }))).toEqual({
      kind: 'locked',
    });
    expect(reelMedia(makePost())).toEqual({ kind: 'none' });
  });
});
