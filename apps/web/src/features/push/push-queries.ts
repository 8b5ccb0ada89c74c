import type { PushKind, PushPublicKey, PushSettings, PushSubscriptionAnswer } from '@dum/core';
import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { cancelRefetches } from '../../lib/query-client.ts';
import { activeLocale } from '../../lib/i18n/index.ts';
import {
  currentSubscription,
  notificationPermission,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from './push-device.ts';
import { postSubscription } from './push-language.ts';

export const PUSH_SETTINGS_KEY = ['/api/push/settings'] as const;
const DEVICE_KEY = ['push-device'] as const;

export function usePushSettings(enabled: boolean) {
  return useQuery({
    queryKey: PUSH_SETTINGS_KEY,
    queryFn: ({ signal }) => apiRequest<PushSettings>('/api/push/settings', { signal }),
    enabled,
  });
}

/** Whether this device is subscribed, and the browser's permission. */
export function usePushDevice(enabled: boolean) {
  return useQuery({
    queryKey: DEVICE_KEY,
    queryFn: async () => ({
      subscribed: (await currentSubscription()) !== null,
      permission: notificationPermission(),
    }),
    enabled,
  });
}

/** Enable (subscribe this device and tell the server) or Disable (the reverse). */
export function useTogglePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean): Promise<PushSubscriptionAnswer | null> => {
      if (on) {
        const { publicKey } = await apiRequest<PushPublicKey>('/api/push/public-key');
        const subscription = await subscribeThisDevice(publicKey);
        return postSubscription(subscription, activeLocale());
      }
      const endpoint = await unsubscribeThisDevice();
      if (endpoint === null) return null;
      return apiRequest<PushSubscriptionAnswer>('/api/push/subscriptions', {
        method: 'DELETE',
        body: { endpoint },
      });
    },
    onSuccess: (_answer, on) => {
      toast({
        title: on ? t`Notifications on` : t`Notifications off`,
        description: on
          ? t`This device will hear of your news when Dum Club is closed.`
          : t`This device will no longer receive notifications.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({ title: t`Notifications`, description: errorMessage(error), variant: 'destructive' });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: DEVICE_KEY });
      void queryClient.invalidateQueries({ queryKey: PUSH_SETTINGS_KEY });
    },
  });
}

/** Turns one kind on or off, at once on screen (rolled back if the server refuses). */
export function useSetPushKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: PushKind; on: boolean }) =>
      apiRequest<PushSettings>('/api/push/settings', {
        method: 'PUT',
        body: { kinds: { [kind]: on } },
      }),
    onMutate: async ({ kind, on }) => {
      await cancelRefetches(queryClient, PUSH_SETTINGS_KEY);
      const before = queryClient.getQueryData<PushSettings>(PUSH_SETTINGS_KEY);
      if (before) {
        queryClient.setQueryData<PushSettings>(PUSH_SETTINGS_KEY, {
          ...before,
          kinds: { ...before.kinds, [kind]: on },
        });
      }
      return { before };
    },
    onError: (error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(PUSH_SETTINGS_KEY, context.before);
      toast({ title: t`Notifications`, description: errorMessage(error), variant: 'destructive' });
    },
    onSuccess: (settings) => queryClient.setQueryData(PUSH_SETTINGS_KEY, settings),
  });
}
