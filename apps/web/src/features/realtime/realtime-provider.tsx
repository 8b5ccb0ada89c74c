import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { toast } from '../../components/ui/use-toast.ts';
import { formatSol } from '../../lib/i18n/index.ts';
import { useAuth, useAuthMachine } from '../auth/index.ts';
import type { NotificationState } from './notifications.ts';
import { isThreadOnScreen } from './open-thread.ts';
import type { RealtimeStatus } from './realtime-client.ts';

export interface RealtimeContextValue extends NotificationState {
  status: RealtimeStatus;
  markAllRead(): void;
}

const emptyNotifications: NotificationState = { items: [], unread: 0 };

const RealtimeContext = createContext<RealtimeContextValue>({
  ...emptyNotifications,
  status: 'idle',
  markAllRead: () => {},
});

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/socket`;
}

/**
 * The one socket per tab (WebSocket): it runs only while a user is signed in
 * with a stored access token, refreshes the related cached queries on each event, shows the
 * event toasts and keeps the latest 50 notifications.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuth();
  const machine = useAuthMachine();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('idle');
  const [notifications, setNotifications] = useState<NotificationState>(emptyNotifications);
  const viewerId = useRef<string | null>(null);
  useEffect(() => {
    viewerId.current = user?.id ?? null;
  }, [user]);

  useEffect(() => {
    if (!isAuthenticated || !machine) return;
    let stopped = false;
    let stop: (() => void) | null = null;
    // The socket code loads only for a signed-in user.
    void Promise.all([import('./realtime-client.ts'), import('./notifications.ts')]).then(
      ([{ RealtimeClient }, notifications]) => {
        if (stopped) return;
        let counter = 0;
        const client = new RealtimeClient({
          url: socketUrl(),
          getAccessToken: machine.getAccessToken,
          refreshAccessToken: () => machine.refresh(),
          onStatus: (next) => setStatus(next),
          onEvent: (event, timestamp) => {
            for (const queryKey of notifications.queryKeysToRefresh(event)) {
              void queryClient.invalidateQueries({ queryKey });
            }
            // A message landing in the thread on screen is seen there: no toast, no item.
            if (event.type === 'new_message' && isThreadOnScreen(event.data.senderAddress)) {
              return;
            }
            // What is not toasted (activity lines, one's own support) is not news either.
            const text = notifications.toastForEvent(event, viewerId.current, formatSol);
            if (!text) return;
            toast(text);
            counter += 1;
            setNotifications((state) =>
              notifications.addNotification(state, {
                id: `${timestamp}-${counter}`,
                event,
                text,
                href: notifications.notificationHref(event),
                receivedAt: Date.now(),
              }),
            );
          },
        });
        client.start();
        stop = () => client.stop();
      },
    );
    return () => {
      stopped = true;
      stop?.();
      // A signed-out tab (or the next wallet) starts with an empty list.
      setNotifications(emptyNotifications);
    };
  }, [isAuthenticated, user?.id, machine, queryClient]);

  const markRead = useCallback(() => {
    void import('./notifications.ts').then(({ markAllRead }) => setNotifications(markAllRead));
  }, []);

  const value = useMemo<RealtimeContextValue>(
    () => ({
      ...notifications,
      status,
      markAllRead: markRead,
    }),
    [notifications, status, markRead],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeContextValue {
  return useContext(RealtimeContext);
}
