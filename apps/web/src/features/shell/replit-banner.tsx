import { isReplitHost } from '@dum/core';
import { Trans } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';

/** On a Replit domain, a red banner says testing is disabled and points to Railway. */
export function ReplitBanner({ hostname = window.location.hostname }: { hostname?: string }) {
  if (!isReplitHost(hostname)) return null;
  return (
    <div
      role="alert"
      className="flex items-center justify-center gap-2 bg-danger-strong px-4 py-2.5 text-center text-sm font-medium text-white"
    >
      <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
      <p>
        <Trans>
          <strong className="font-bold">Testing is disabled on Replit.</strong> This domain does not
          support wallet testing; please use the Railway deployment instead.
        </Trans>
      </p>
    </div>
  );
}
