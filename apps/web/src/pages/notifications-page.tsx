import { useViewer } from '../features/auth/index.ts';
import { NotificationSettings } from '../features/push/index.ts';

/** /notifications: this device's push notifications and the kinds of news they bring. */
export function NotificationsPage() {
  const viewer = useViewer();
  return <NotificationSettings viewer={viewer} />;
}
