import type { ReportSnapshot, ReportTargetKind } from '@dum/core';
import { mediaLabel, shortAddress } from './labels.ts';
import { Trans } from '@lingui/react/macro';

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
  const author = snapshot.authorName ?? shortAddress(snapshot.authorAddress);
  const authorName = <span className="font-medium text-muted">{author}</span>;
  const empty = !snapshot.body && !snapshot.imageUrl && !snapshot.audioUrl;
  return (
    <figure className="rounded-xl border border-border bg-surface-2/60 px-3 py-2.5">
      <figcaption className="text-xs text-subtle">
        <Caption targetKind={targetKind} authorName={authorName} />
      </figcaption>
      {snapshot.body && (
        <p className="mt-1 text-sm break-words whitespace-pre-wrap">{snapshot.body}</p>
      )}
      {snapshot.imageUrl && (
        <img
          src={snapshot.imageUrl}
          alt={mediaLabel('image', targetKind)}
          loading="lazy"
          className="mt-2 max-h-48 rounded-lg bg-surface-3 object-cover"
        />
      )}
      {snapshot.audioUrl && (
        <audio
          controls
          preload="none"
          src={snapshot.audioUrl}
          aria-label={mediaLabel('audio', targetKind)}
          className="mt-2 w-64 max-w-full"
        />
      )}
      {empty && (
        <p className="mt-1 text-sm text-subtle italic">
          {wallet ? <Trans>No bio or picture</Trans> : <Trans>No text</Trans>}
        </p>
      )}
    </figure>
  );
}

/** "Post by …", "Profile of …": whole per kind, as nouns have a gender in other languages. */
function Caption({
  targetKind,
  authorName,
}: {
  targetKind: ReportTargetKind;
  authorName: React.ReactNode;
}) {
  switch (targetKind) {
    case 'post':
      return <Trans>Post by {authorName}</Trans>;
    case 'comment':
      return <Trans>Comment by {authorName}</Trans>;
    case 'message':
      return <Trans>Message by {authorName}</Trans>;
    case 'mystery':
      return <Trans>Mystery vault by {authorName}</Trans>;
    case 'wallet':
      return <Trans>Profile of {authorName}</Trans>;
  }
}
