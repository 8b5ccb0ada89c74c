import { lazy, Suspense } from 'react';
import { useViewer } from '../auth/index.ts';

const SuspensionBanner = lazy(async () => ({
  default: (await import('./suspension-banner.tsx')).SuspensionBanner,
}));

/**
 * Where the shell shows the suspension banner: its code (and the status request) load only
 * for a signed-in viewer, so a visitor's first load carries none of it.
 */
export function SuspensionBannerSlot() {
  const viewer = useViewer();
  if (!viewer.isAuthenticated || viewer.userId === null) return null;
  return (
    <Suspense fallback={null}>
      <SuspensionBanner viewerId={viewer.userId} />
    </Suspense>
  );
}
