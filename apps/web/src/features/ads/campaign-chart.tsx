import type { AdCampaignDay } from '@dum/core';
import { useId } from 'react';
import { shortDay, solExact } from './ads-display.ts';

/**
 * Billed views per UTC day as bars (plain boxes, no chart library), with the same figures as a
 * visually hidden table for assistive technology.
 */
export function CampaignChart({ days }: { days: AdCampaignDay[] }) {
  const titleId = useId();
  const max = Math.max(1, ...days.map((day) => day.impressions));
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure role="group" aria-labelledby={titleId} className="grid gap-2">
      <figcaption id={titleId} className="text-xs font-semibold text-muted">
        Views per day (UTC)
      </figcaption>
      <div aria-hidden="true" className="flex h-24 items-end gap-1 border-b border-border">
        {days.map((day) => (
          <div
            key={day.day}
            title={`${shortDay(day.day)}: ${day.impressions} views, ${day.clicks} clicks`}
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
        <caption>Views, clicks and spend per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
            <th scope="col">Clicks</th>
            <th scope="col">Spent (SOL)</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{shortDay(day.day)}</th>
              <td>{day.impressions}</td>
              <td>{day.clicks}</td>
              <td>{solExact(day.spentLamports)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
