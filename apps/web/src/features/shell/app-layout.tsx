import { Trans } from '@lingui/react/macro';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { rescueLostFocus } from '../../lib/focus-rescue.ts';
import { keepScrollPaddingUnder } from '../../lib/sticky-header-padding.ts';
import { HalvingBanner } from '../emissions/index.ts';
import { SuspensionBannerSlot } from '../moderation/index.ts';
import { OfflineBanner, UpdatePrompt } from '../pwa/index.ts';
import { BottomNav } from './bottom-nav.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { Footer } from './footer.tsx';
import { MobileHeader } from './mobile-header.tsx';
import { PageSkeleton } from './page-skeleton.tsx';
import { ReplitBanner } from './replit-banner.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * Pages that fill the window between the header and the bottom bar and scroll inside
 * themselves (Reels, one post per screen), without the page's padding and the footer.
 */
const IMMERSIVE_PATHS = new Set(['/reels']);

/**
 * The shell. Large screens: sidebar on the left, a sticky header (the offline notice, the halving
 * banner and top bar) over the page and the footer. Small screens: a sticky header (the same
 * notices and the logo + wallet bar), the page, the footer and a bottom bar. An immersive page
 * keeps the header, sidebar and bottom bar and gets the rest of the window.
 */
export function AppLayout({ onStake }: { onStake?: () => void }) {
  const { pathname } = useLocation();
  const immersive = IMMERSIVE_PATHS.has(pathname);
  // A new page starts at the top, as a full page load would.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // Focus whose element goes away lands on the page's main region, not on nothing.
  useEffect(() => rescueLostFocus(document, () => document.getElementById('main')), []);
  // What the browser scrolls into view (a Tab stop above) lands below the sticky header.
  const stickyHeader = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const header = stickyHeader.current;
    return header ? keepScrollPaddingUnder(header, document.documentElement) : undefined;
  }, []);
  return (
    <div className={cn('flex flex-col', immersive ? 'h-dvh overflow-hidden' : 'min-h-dvh')}>
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-primary px-3 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        <Trans>Skip to content</Trans>
      </a>
      <ReplitBanner />
      <div className="flex min-h-0 flex-1">
        <Sidebar onStake={onStake} />
        <div className="flex min-w-0 flex-1 flex-col">
          <div ref={stickyHeader} className="sticky top-0 z-30">
            <OfflineBanner />
            <HalvingBanner />
            <SuspensionBannerSlot />
            <MobileHeader />
            <TopBar />
          </div>
          <main
            id="main"
            tabIndex={-1}
            className={cn(
              'flex-1 outline-none',
              immersive
                ? 'flex min-h-0 flex-col pb-[calc(4rem+env(safe-area-inset-bottom))] lg:pb-0'
                : 'px-4 pt-6 pb-8 sm:px-6 lg:pt-8 xl:px-8',
            )}
          >
            {/* Keyed by path: moving to another page clears a page's error. */}
            <ErrorBoundary key={pathname}>
              <Suspense fallback={<PageSkeleton />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
          {!immersive && (
            <div className="pb-[calc(4rem+env(safe-area-inset-bottom))] lg:pb-0">
              <Footer />
            </div>
          )}
        </div>
      </div>
      <BottomNav />
      <UpdatePrompt />
    </div>
  );
}
