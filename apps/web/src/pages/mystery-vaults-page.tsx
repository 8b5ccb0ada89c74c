import { useViewer } from '../features/auth/index.ts';
import { MysteryView } from '../features/mystery/index.ts';

/** /mystery-vaults: open, opened and my mystery vaults; create and join. */
export function MysteryVaultsPage() {
  const viewer = useViewer();
  return <MysteryView viewer={viewer} />;
}
