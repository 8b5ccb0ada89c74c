import { CreateScreen } from '../features/create/index.ts';
import { useViewer } from '../features/auth/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /create: the full-page composer (features/create). */
export function CreatePage() {
  useDocumentTitle('Create');
  const viewer = useViewer();
  return <CreateScreen viewer={viewer} />;
}
