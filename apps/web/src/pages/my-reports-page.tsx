import { useViewer } from '../features/auth/index.ts';
import { MyReports } from '../features/moderation/index.ts';

/** /reports: the viewer's reports and their decisions. */
export function MyReportsPage() {
  const viewer = useViewer();
  return <MyReports viewer={viewer} />;
}
