import { Trans } from '@lingui/react/macro';
import { BadgeCheck, Loader2, ShieldAlert } from 'lucide-react';
import { useMediaVerification } from './escrow-queries.ts';

/** Whether the unlocked media still hashes to what the vault committed on chain. */
export function MediaCheck({ url, contentHash }: { url: string; contentHash: string }) {
  const check = useMediaVerification(url, contentHash);
  if (check.isPending) {
    return (
      <p className="mt-2 flex items-center gap-1.5 text-xs text-muted" data-testid="media-check">
        <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
        <Trans>Checking the media against the chain…</Trans>
      </p>
    );
  }
  if (check.isError) {
    return (
      <p className="mt-2 flex items-center gap-1.5 text-xs text-muted" data-testid="media-check">
        <ShieldAlert className="size-3.5" aria-hidden="true" />
        <Trans>Couldn’t check the media against the chain.</Trans>
      </p>
    );
  }
  return check.data ? (
    <p
      className="mt-2 inline-flex items-center gap-1 rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-success"
      data-testid="media-check"
      title={`SHA-256 ${contentHash}`}
    >
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      <Trans>Verified on chain</Trans>
    </p>
  ) : (
    <p
      role="alert"
      className="mt-2 flex items-start gap-1.5 rounded-lg border border-danger/40 bg-danger/10 px-2.5 py-2 text-xs font-medium text-danger"
      data-testid="media-check"
    >
      <ShieldAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <Trans>
        This media does not match the hash committed on chain. It may have been changed after the
        vault was created.
      </Trans>
    </p>
  );
}
