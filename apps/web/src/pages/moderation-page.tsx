import { useLingui } from '@lingui/react/macro';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useViewer } from '../features/auth/index.ts';
import { useModerationStatus } from '../features/moderation/index.ts';
import { ModerationView } from '../features/moderation/index.ts';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * /moderation: the moderators' queue. It is in no menu; anyone who is not a moderator (signed
 * out included) gets the not-found screen, as for any other address that leads nowhere.
 */
export function ModerationPage() {
  const { t } = useLingui();
  const viewer = useViewer();
  const status = useModerationStatus(viewer.isAuthenticated ? viewer.userId : null);
  if (viewer.status === 'signing-in' || (viewer.isAuthenticated && status.isPending)) {
    return (
      <div aria-busy="true" aria-label={t`Loading`} className="mx-auto w-full max-w-3xl">
        <Skeleton className="h-8 w-48 rounded-lg" />
        <Skeleton className="mt-6 h-48 rounded-card" />
      </div>
    );
  }
  if (!status.data?.moderator) return <NotFoundPage />;
  return <ModerationView />;
}
