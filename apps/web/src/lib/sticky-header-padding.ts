/** The CSS property index.css gives `html` as its scroll-padding-top. */
export const STICKY_HEADER_HEIGHT = '--sticky-header-height';

/**
 * Keeps the page's scroll-padding-top equal to the sticky header's height (`header`), so that
 * whatever the browser scrolls into view (the next Tab stop, an anchor, scrollIntoView) lands
 * below the header rather than under it (WCAG 2.4.11, focus not obscured). The header grows and
 * shrinks with its banners (offline, halving, suspension), so its height is followed, not fixed.
 */
export function keepScrollPaddingUnder(header: HTMLElement, root: HTMLElement): () => void {
  const measure = () => root.style.setProperty(STICKY_HEADER_HEIGHT, `${header.offsetHeight}px`);
  measure();
  if (typeof ResizeObserver === 'undefined')
    return () => root.style.removeProperty(STICKY_HEADER_HEIGHT);
  const observer = new ResizeObserver(measure);
  observer.observe(header);
  return () => {
    observer.disconnect();
    root.style.removeProperty(STICKY_HEADER_HEIGHT);
  };
}
