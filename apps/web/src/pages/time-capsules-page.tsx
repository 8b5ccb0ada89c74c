import { useLingui } from '@lingui/react/macro';
import { CapsulesView } from '../features/capsules/index.ts';
import { useViewer } from '../features/auth/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /time-capsules: opening soon, recently opened, and mine (lazy, apps/web/src/app/routes.tsx). */
export function TimeCapsulesPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Time Capsules`);
  const viewer = useViewer();
  return <CapsulesView viewer={viewer} />;
}
