import { useLingui } from '@lingui/react/macro';
import { CreateScreen } from '../features/create/index.ts';
import { useViewer } from '../features/auth/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /create: the full-page composer (features/create). */
export function CreatePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Create`);
  const viewer = useViewer();
  return <CreateScreen viewer={viewer} />;
}
