import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { AdCampaignDay } from '@dum/core';
import { useId } from 'react';
import { formatNumber } from '../../lib/i18n/index.ts';
import { shortDay, solFigure } from './ads-display.ts';

/**
 * Billed views per UTC day as bars (plain boxes, no chart library), with the same figures as a
 * visually hidden table for assistive technology.
 */
export function CampaignChart({ days }: { days: AdCampaignDay[] }) {
  // Re-renders in the new language (the bars' titles are formatted outside the component).
  useLingui();
  const titleId = useId();
  const max = Math.max(1, ...days.map((day) => day.impressions));
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure role="group" aria-labelledby={titleId} className="grid gap-2">
      <figcaption id={titleId} className="text-xs font-semibold text-muted">
        <Trans>Views per day (UTC)</Trans>
      </figcaption>
      <div aria-hidden="true" className="flex h-24 items-end gap-1 border-b border-border">
        {days.map((day) => (
          <div
            key={day.day}
            title={dayTitle(day)}
            className="min-w-0 flex-1 rounded-t-sm bg-primary/80"
            style={{
              height: `${Math.max(day.impressions > 0 ? 4 : 1, (day.impressions / max) * 100)}%`,
            }}
          />
        ))}
      </div>
      {first && last && (
        <div aria-hidden="true" className="flex justify-between text-[11px] text-subtle">
          <span>{shortDay(first.day)}</span>
          <span>{shortDay(last.day)}</span>
        </div>
      )}
      <table className="sr-only">
        <caption>
          <Trans>Views, clicks and spend per day</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Day</Trans>
            </th>
            <th scope="col">
              <Trans>Views</Trans>
            </th>
            <th scope="col">
              <Trans>Clicks</Trans>
            </th>
            <th scope="col">
              <Trans>Spent (SOL)</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{shortDay(day.day)}</th>
              <td>{formatNumber(day.impressions)}</td>
              <td>{formatNumber(day.clicks)}</td>
              <td>{solFigure(day.spentLamports)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** A bar's tooltip: '26 Nov: 12 views, 1 clicks'. */
function dayTitle(day: AdCampaignDay): string {
  const date = shortDay(day.day);
  const views = formatNumber(day.impressions);
  const clicks = formatNumber(day.clicks);
  return t`${date}: ${views} views, ${clicks} clicks`;
}
