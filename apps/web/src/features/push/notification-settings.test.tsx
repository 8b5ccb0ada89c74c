import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  json,
  memberViewer,
  mockApi,
  renderWithProviders,
  resetFeedTestState,
  WALLET,
} from '../post/test-kit.tsx';
import { base64UrlToBytes } from './push-device.ts';
import { NotificationSettings } from './notification-settings.tsx';
import { usePushLanguageSync } from './push-language.ts';

const viewer = memberViewer('user-1', WALLET);
const ALL_ON = {
  kinds: { messages: true, mentions: true, followers: true, vaults: true, capsules: true },
  devices: 0,
};
// A P-256 public key's length (65 bytes), base64url.
const PUBLIC_KEY = Buffer.alloc(65, 4).toString('base64url');

/** A browser with a service worker and push: the subscription this device would get. */
function stubPushBrowser(permission: NotificationPermission = 'default') {
  let subscription: {
    endpoint: string;
    toJSON(): unknown;
    unsubscribe(): Promise<boolean>;
  } | null = null;
  const subscribe = vi.fn(async () => {
    subscription = {
      endpoint: 'https://push.example/device-1',
      options: { applicationServerKey: base64UrlToBytes(PUBLIC_KEY).buffer },
      toJSON: () => ({
        endpoint: 'https://push.example/device-1',
        expirationTime: null,
        keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      }),
      unsubscribe: async () => {
        subscription = null;
        return true;
      },
    } as never;
    return subscription;
  });
  const registration = {
    pushManager: { getSubscription: async () => subscription, subscribe },
  };
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PushManager', function PushManager() {});
  const notification = { permission, requestPermission: vi.fn(async () => 'granted') };
  vi.stubGlobal('Notification', notification);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  return { subscribe, notification };
}

afterEach(() => {
  resetFeedTestState();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the notification settings', () => {
  it('says so where the browser cannot receive notifications, and still offers the kinds', async () => {
    mockApi({ 'GET /api/push/settings': () => json(ALL_ON) });
    renderWithProviders(<NotificationSettings viewer={viewer} />);
    expect(await screen.findByText('This browser cannot receive notifications')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Enable/ })).toBeNull();
    expect(
      screen.getByRole<HTMLInputElement>('switch', { name: /Messages and tips/ }).checked,
    ).toBe(true);
  });

  it('turns a kind off at once, and back on when the server refuses', async () => {
    const user = userEvent.setup();
    let refuse = false;
    const api = mockApi({
      'GET /api/push/settings': () => json(ALL_ON),
      'PUT /api/push/settings': ({ body }) =>
        refuse
          ? apiError(500, 'internal', 'Something went wrong')
          : json({ ...ALL_ON, kinds: { ...ALL_ON.kinds, ...(body as typeof ALL_ON).kinds } }),
    });
    renderWithProviders(<NotificationSettings viewer={viewer} />);
    const followers = await screen.findByRole('switch', { name: /New followers/ });
    await user.click(followers);
    expect((followers as HTMLInputElement).checked).toBe(false);
    expect(api).toHaveBeenCalledWith(
      '/api/push/settings',
      expect.objectContaining({
        method: 'PUT',
        body: JSON.stringify({ kinds: { followers: false } }),
      }),
    );
    refuse = true;
    const vaults = screen.getByRole('switch', { name: /Vault funded or unlocked/ });
    await user.click(vaults);
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    await waitFor(() => expect((vaults as HTMLInputElement).checked).toBe(true));
    expect((followers as HTMLInputElement).checked).toBe(false);
  });

  it('shows an error with a retry when the settings cannot be read', async () => {
    mockApi({ 'GET /api/push/settings': () => apiError(500, 'internal', 'Something went wrong') });
    renderWithProviders(<NotificationSettings viewer={viewer} />);
    expect(await screen.findByText('Could not load your notification settings')).toBeTruthy();
  });

  it('subscribes this device with the server’s key and posts the subscription', async () => {
    const user = userEvent.setup();
    const { subscribe, notification } = stubPushBrowser();
    const posted: unknown[] = [];
    mockApi({
      'GET /api/push/settings': () => json(ALL_ON),
      'GET /api/push/public-key': () => json({ publicKey: PUBLIC_KEY }),
      'POST /api/push/subscriptions': ({ body }) => {
        posted.push(body);
        return json({ subscribed: true, devices: 1 });
      },
    });
    renderWithProviders(<NotificationSettings viewer={viewer} />);
    await user.click(await screen.findByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(notification.requestPermission).toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(PUBLIC_KEY),
    });
    // Worded in the app's language: English here.
    expect(posted[0]).toMatchObject({ endpoint: 'https://push.example/device-1', locale: 'en' });
  });
});

describe("a subscribed device's language", () => {
  function Sync() {
    usePushLanguageSync(true);
    return null;
  }

  it('is told again after a switch of language, once', async () => {
    const { subscribe } = stubPushBrowser('granted');
    await subscribe();
    window.localStorage.setItem('dum-push-locale', 'en');
    const posted: unknown[] = [];
    mockApi({
      'PATCH /api/push/subscriptions': ({ body }) => {
        posted.push(body);
        return json({ subscribed: true, devices: 1 });
      },
    });
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    await act(() => activateLocale('es'));
    const first = renderWithProviders(<Sync />);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ endpoint: 'https://push.example/device-1', locale: 'es' });
    expect(window.localStorage.getItem('dum-push-locale')).toBe('es');
    // Drawn again in the same language (a page change, a reload): nothing more to tell, so the
    // device's subscription is not even looked up.
    first.unmount();
    const lookups = vi.spyOn(navigator.serviceWorker, 'getRegistration');
    renderWithProviders(<Sync />);
    await act(async () => {});
    expect(lookups).not.toHaveBeenCalled();
    expect(posted).toHaveLength(1);
    await act(() => activateLocale('en'));
    window.localStorage.removeItem('dum-push-locale');
  });
});

describe('the notification settings in Spanish', () => {
  it('speaks the active language', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    await act(() => activateLocale('es'));
    mockApi({ 'GET /api/push/settings': () => json({ ...ALL_ON, devices: 2 }) });
    renderWithProviders(<NotificationSettings viewer={viewer} />);
    expect(await screen.findByText('Este navegador no puede recibir notificaciones')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Notificaciones');
    expect(screen.getByRole('switch', { name: /Mensajes y propinas/ })).toBeTruthy();
  });
});
