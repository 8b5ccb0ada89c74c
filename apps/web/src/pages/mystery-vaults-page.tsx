import { useViewer } from '../features/auth/use-viewer.ts';
import { MysteryView } from '../features/mystery/mystery-view.tsx';

/** /mystery-vaults: open, opened and my mystery vaults; create and join. */
export function MysteryVaultsPage() {
  const viewer = useViewer();
  return <MysteryView viewer={viewer} />;
}
