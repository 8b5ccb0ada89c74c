import type { PushSubscriptionAnswer } from '@dum/core';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { useViewer } from '../auth/index.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { isLocale, type Locale } from '../../lib/i18n/index.ts';
import { currentSubscription } from './push-device.ts';

/** The language this device's notifications were last asked in (per browser). */
const TOLD_KEY = 'dum-push-locale';

/** Tells the server this device's subscription and the language to word its news in. */
export async function postSubscription(
  subscription: PushSubscriptionJSON,
  locale: Locale,
): Promise<PushSubscriptionAnswer> {
  const answer = await apiRequest<PushSubscriptionAnswer>('/api/push/subscriptions', {
    method: 'POST',
    body: { ...subscription, locale },
  });
  remember(locale);
  return answer;
}

function remember(locale: Locale): void {
  try {
    window.localStorage.setItem(TOLD_KEY, locale);
  } catch {
    // Storage blocked: the next visit asks again, which changes nothing on the server.
  }
}

function told(): Locale | null {
  try {
    const value = window.localStorage.getItem(TOLD_KEY);
    return value !== null && isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a subscribed device's notifications in the app's language: after a switch of language
 * (or on a visit after one made elsewhere), the server is told the new one for this device
 * (PATCH, which never subscribes a device the wallet does not have: one its sign-out removed
 * stays removed). Renders nothing; mounted once, inside sign-in.
 */
export function PushLanguageSync() {
  usePushLanguageSync(useViewer().isAuthenticated);
  return null;
}

/** PushLanguageSync's work, for a signed-in (`signedIn`) browser. */
export function usePushLanguageSync(signedIn: boolean): void {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  useEffect(() => {
    if (!signedIn || !isLocale(locale) || told() === locale) return;
    const effect = { cancelled: false };
    void (async () => {
      const subscription = await currentSubscription().catch(() => null);
      if (!subscription || effect.cancelled) return;
      // A failure is left for the next visit or switch: the device keeps its old language.
      await apiRequest<PushSubscriptionAnswer>('/api/push/subscriptions', {
        method: 'PATCH',
        body: { endpoint: subscription.endpoint, locale },
      }).then(
        () => remember(locale),
        () => undefined,
      );
    })();
    return () => {
      effect.cancelled = true;
    };
  }, [signedIn, locale]);
}
