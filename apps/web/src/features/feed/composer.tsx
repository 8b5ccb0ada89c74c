import { lazy, Suspense } from 'react';
import { AUTH_TOASTS, useViewer } from '../auth/index.ts';
import { SignedOutComposer } from './composer-signed-out.tsx';

/**
 * The signed-in composer (its text box, tools, mentions, poll and reply-policy parts) loads
 * when a signed-in viewer's feed first renders it: a first visit, signed out, never downloads
 * it (bench:web's first load).
 */
const SignedInComposer = lazy(async () => ({
  default: (await import('./composer-signed-in.tsx')).SignedInComposer,
}));

/** The feed's composer: gated for signed-out visitors; text, media and vault mode once signed in. */
export function Composer() {
  const viewer = useViewer();
  if (!viewer.isAuthenticated) {
    // Its sign-in toast says posting is open now.
    const signIn = () => viewer.signIn({ successToast: AUTH_TOASTS.readyToPost });
    return <SignedOutComposer busy={viewer.status === 'signing-in'} signIn={signIn} />;
  }
  return (
    <Suspense fallback={<ComposerPlaceholder />}>
      <SignedInComposer />
    </Suspense>
  );
}

/** The composer's frame while its code loads (a moment, once per visit). */
function ComposerPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="min-h-[11.5rem] rounded-card border border-border bg-surface/80 p-4"
    >
      <div className="min-h-24 rounded-xl border border-border bg-background/40" />
    </div>
  );
}
