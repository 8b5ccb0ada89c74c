import { useLingui } from '@lingui/react/macro';
import { AnalyticsScreen } from '../features/analytics/index.ts';
import { useViewer } from '../features/auth/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /analytics?range=7d|30d|90d: the signed-in wallet's figures (a lazy route of its own). */
export function AnalyticsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Analytics`);
  const viewer = useViewer();
  return <AnalyticsScreen viewer={viewer} />;
}
