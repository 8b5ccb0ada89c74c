import { Trans } from '@lingui/react/macro';
import { ShieldAlert } from 'lucide-react';
import { formatEnd } from './labels.ts';
import { useModerationStatus } from './moderation-queries.ts';

/**
 * Says plainly that the signed-in wallet is suspended, until when, and what it may still do.
 * Nothing for everyone else.
 */
export function SuspensionBanner({ viewerId }: { viewerId: string }) {
  const status = useModerationStatus(viewerId);
  const suspension = status.data?.suspension;
  if (!suspension) return null;
  const end = formatEnd(suspension.endsAt);
  const reason = suspension.reason;
  return (
    <div
      role="status"
      data-testid="suspension-banner"
      className="flex items-start gap-2 border-b border-danger/40 bg-danger/15 px-4 py-2 text-sm text-foreground"
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
      <p>
        <Trans>
          <strong>Your account is suspended {end}.</strong> You can sign in and read, but you cannot
          post, comment, message, follow or earn DUM. Reason: {reason}
        </Trans>
      </p>
    </div>
  );
}
