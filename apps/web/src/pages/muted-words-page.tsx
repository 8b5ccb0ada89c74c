import { useViewer } from '../features/auth/index.ts';
import { MutedWordsSettings } from '../features/muted-words/index.ts';

/** /settings/muted-words: the words and phrases the viewer mutes. */
export function MutedWordsPage() {
  const viewer = useViewer();
  return <MutedWordsSettings viewer={viewer} />;
}
