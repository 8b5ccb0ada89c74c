import { DiscoverView } from '../features/discover/index.ts';
import { useViewer } from '../features/auth/index.ts';

/** /discover: search, a tag's posts (`?tag=`), trending tags and posts, the week's top creators. */
export function DiscoverPage() {
  const viewer = useViewer();
  return <DiscoverView viewer={viewer} />;
}
