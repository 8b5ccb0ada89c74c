import { useViewer } from '../features/auth/index.ts';
import { ReelsScreen } from '../features/reels/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /reels: the image and audio posts, one per screen (features/reels). */
export function ReelsPage() {
  useDocumentTitle('Reels');
  const viewer = useViewer();
  return <ReelsScreen viewer={viewer} />;
}
