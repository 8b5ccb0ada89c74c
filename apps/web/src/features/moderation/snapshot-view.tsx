import type { ReportSnapshot, ReportTargetKind } from '@dum/core';
import { capitalized, TARGET_LABEL } from './labels.ts';

/**
 * The reported content as it was when reported: its text, image and audio. A wallet's is its
 * profile (its bio and picture), captioned as such.
 */
export function SnapshotView({
  snapshot,
  targetKind,
}: {
  snapshot: ReportSnapshot;
  targetKind: ReportTargetKind;
}) {
  const wallet = targetKind === 'wallet';
  const label = wallet ? 'Profile' : capitalized(TARGET_LABEL[targetKind]);
  const empty = !snapshot.body && !snapshot.imageUrl && !snapshot.audioUrl;
  return (
    <figure className="rounded-xl border border-border bg-surface-2/60 px-3 py-2.5">
      <figcaption className="text-xs text-subtle">
        {label} {wallet ? 'of' : 'by'}{' '}
        <span className="font-medium text-muted">
          {snapshot.authorName ?? shortAddress(snapshot.authorAddress)}
        </span>
      </figcaption>
      {snapshot.body && (
        <p className="mt-1 text-sm break-words whitespace-pre-wrap">{snapshot.body}</p>
      )}
      {snapshot.imageUrl && (
        <img
          src={snapshot.imageUrl}
          alt={`Image in the reported ${label.toLowerCase()}`}
          loading="lazy"
          className="mt-2 max-h-48 rounded-lg bg-surface-3 object-cover"
        />
      )}
      {snapshot.audioUrl && (
        <audio
          controls
          preload="none"
          src={snapshot.audioUrl}
          aria-label={`Audio in the reported ${label.toLowerCase()}`}
          className="mt-2 w-64 max-w-full"
        />
      )}
      {empty && (
        <p className="mt-1 text-sm text-subtle italic">
          {wallet ? 'No bio or picture' : 'No text'}
        </p>
      )}
    </figure>
  );
}

export function shortAddress(address: string): string {
  return address.length > 10 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;
}
