import { useLingui } from '@lingui/react/macro';
import { useViewer } from '../features/auth/index.ts';
import { ReelsScreen } from '../features/reels/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /reels: the image and audio posts, one per screen (features/reels). */
export function ReelsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Reels`);
  const viewer = useViewer();
  return <ReelsScreen viewer={viewer} />;
}
