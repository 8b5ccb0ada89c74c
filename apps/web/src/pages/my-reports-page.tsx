import { useViewer } from '../features/auth/use-viewer.ts';
import { MyReports } from '../features/moderation/my-reports.tsx';

/** /reports: the viewer's reports and their decisions. */
export function MyReportsPage() {
  const viewer = useViewer();
  return <MyReports viewer={viewer} />;
}
