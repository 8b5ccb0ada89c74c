import { t } from '@lingui/core/macro';

/**
 * This browser's side of Web Push: whether it can receive notifications, its permission, and
 * its PushSubscription (through the service worker the pwa feature registers at /sw.js).
 */

export type PushPermission = 'default' | 'granted' | 'denied';

/** Whether this browser can receive push notifications at all (and in this context). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function notificationPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'default';
}

/** How long to wait for the service worker before saying it is not running. */
const WORKER_WAIT_MS = 10_000;

export class NoServiceWorkerError extends Error {
  constructor() {
    super(t`The app’s service worker is not running. Reload the page and try again.`);
  }
}

/** The active service worker's registration; NoServiceWorkerError if none comes in time. */
async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new NoServiceWorkerError()), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This device's current subscription, or null (none, or no service worker yet). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  return registration.pushManager.getSubscription();
}

/** base64url (the server's VAPID key) → the bytes applicationServerKey takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export class PermissionDeniedError extends Error {
  constructor() {
    super(t`Notifications are blocked for this site. Allow them in your browser’s site settings.`);
  }
}

/**
 * Asks for permission (if not yet given) and subscribes this device with the server's VAPID
 * key; answers the subscription's JSON to post to the server.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionDeniedError();
  const registration = await readyRegistration();
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's pair changed) cannot be used: renew it.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return subscription.toJSON();
}

function sameKey(current: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/** Unsubscribes this device; answers the endpoint it had (to remove on the server), or null. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}
