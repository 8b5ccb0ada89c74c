import { Trans, useLingui } from '@lingui/react/macro';
import { AD_SEEN_RATIO } from '@dum/core';
import { MoreHorizontal } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../lib/api-client.ts';

const AdMenu = lazy(async () => ({ default: (await import('./ad-menu.tsx')).AdMenu }));

/** What this page has reported already ('impression:7'): the server counts once a day anyway. */
const reported = new Set<string>();

function report(campaignId: string, kind: 'impression' | 'click'): void {
  const key = `${kind}:${campaignId}`;
  if (reported.has(key)) return;
  reported.add(key);
  void apiRequest(`/api/ads/campaigns/${encodeURIComponent(campaignId)}/${kind}`, {
    method: 'POST',
  }).catch(() => reported.delete(key));
}

/**
 * The 'Sponsored' label of a promoted post, its menu ('Hide this ad', loaded on first use), and
 * the card's reports: an impression once at least half of the card is on screen
 * (IntersectionObserver), a click when a link in it is followed (the post, its author). The post
 * card loads this module only for a sponsored item.
 */
export function SponsoredMark({ campaignId }: { campaignId: string }) {
  const { t } = useLingui();
  const [used, setUsed] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const card = anchor.current?.closest('article');
    if (!card) return undefined;
    const onClick = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) {
        report(campaignId, 'click');
      }
    };
    card.addEventListener('click', onClick, true);
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) {
                report(campaignId, 'impression');
                observer?.disconnect();
              }
            },
            { threshold: AD_SEEN_RATIO },
          )
        : null;
    observer?.observe(card);
    return () => {
      card.removeEventListener('click', onClick, true);
      observer?.disconnect();
    };
  }, [campaignId]);
  const trigger = (
    <button
      type="button"
      aria-label={t`Ad options`}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setUsed(true)}
      className="grid size-8 place-items-center rounded-full text-subtle hover:bg-surface-2 hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary"
    >
      <MoreHorizontal className="size-4" aria-hidden="true" />
    </button>
  );
  return (
    <span ref={anchor} className="ml-auto inline-flex shrink-0 items-center gap-1">
      <span
        data-testid="sponsored-label"
        className="rounded-full border border-border bg-surface-2 px-2 py-0.5 text-[11px] font-semibold text-muted"
      >
        <Trans>Sponsored</Trans>
      </span>
      {used ? (
        <Suspense fallback={trigger}>
          <AdMenu campaignId={campaignId} />
        </Suspense>
      ) : (
        trigger
      )}
    </span>
  );
}
