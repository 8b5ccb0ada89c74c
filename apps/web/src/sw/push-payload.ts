/**
 * What a Web Push message carries (the server's push slice sends it) and where a notification
 * leads: pure, so the tests need no service worker.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** A path in the app, opened when the notification is clicked. */
  url: string;
  /** Notifications with the same tag replace each other (one per conversation, say). */
  tag?: string;
}

/**
 * Shown when a message arrives without a readable payload: a push must show something (the
 * browser shows its own generic notice otherwise), and the app is the safe place to open.
 */
export const FALLBACK_PUSH: PushPayload = {
  title: 'Dum Club',
  body: 'Something new is waiting for you.',
  url: '/',
};

const MAX_TITLE = 120;
const MAX_BODY = 500;

/** The payload in a push message's text, or the fallback when it is missing or malformed. */
export function readPushPayload(text: string | null): PushPayload {
  if (text === null) return FALLBACK_PUSH;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return FALLBACK_PUSH;
  }
  if (typeof parsed !== 'object' || parsed === null) return FALLBACK_PUSH;
  const { title, body, url, tag } = parsed as Record<string, unknown>;
  if (typeof title !== 'string' || title.trim() === '' || typeof body !== 'string') {
    return FALLBACK_PUSH;
  }
  return {
    title: title.slice(0, MAX_TITLE),
    body: body.slice(0, MAX_BODY),
    url: typeof url === 'string' ? url : '/',
    ...(typeof tag === 'string' && tag !== '' ? { tag } : {}),
  };
}

/**
 * The absolute address a notification opens: its url resolved against the app's origin, or the
 * app's start page when it names another origin or is not a URL (a notification only ever
 * leads into the app).
 */
export function notificationTarget(url: unknown, origin: string): string {
  if (typeof url === 'string') {
    try {
      const target = new URL(url, origin);
      if (target.origin === origin) return target.href;
    } catch {
      // Not a URL: the start page below.
    }
  }
  return new URL('/', origin).href;
}
