import { z } from 'zod';

/**
 * Web Push (docs/api.md "Web Push"): a signed-in wallet's devices subscribe with the browser's
 * PushSubscription, and choose which kinds of news reach them when no tab is open.
 */

/** The kinds of news a person may turn off, each on by default. */
export const PUSH_KINDS = ['messages', 'mentions', 'followers', 'vaults', 'capsules'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export const pushKindSchema = z.enum(PUSH_KINDS);

/** How each kind is named on the settings screen. */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  messages: 'Messages and tips',
  mentions: 'Mentions and replies',
  followers: 'New followers',
  vaults: 'Vault funded or unlocked',
  capsules: 'Capsule opened',
};

/** The languages a device's notifications are worded in (the web app's languages). */
export const PUSH_LOCALES = ['en', 'es'] as const;
export type PushLocale = (typeof PUSH_LOCALES)[number];

/** Base64url without padding, as PushSubscription.toJSON() gives its keys. */
const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/** An endpoint URL; its host is checked by the server (public https in production). */
const endpointSchema = z
  .url({ message: 'must be an http(s) URL', protocol: /^https?$/ })
  .max(2048, 'must be at most 2048 characters');

/**
 * POST /api/push/subscriptions: PushSubscription.toJSON()'s fields. p256dh is the device's
 * uncompressed P-256 public key (65 bytes: 87 characters), auth its 16-byte secret (22).
 */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object({
    p256dh: base64url.length(87, 'must be an uncompressed P-256 public key (65 bytes)'),
    auth: base64url.length(22, 'must be a 16-byte secret'),
  }),
  /** PushSubscription.toJSON() sends it (usually null); not kept. */
  expirationTime: z.number().nullable().optional(),
  /**
   * The language the device's notifications are worded in: the app's language when it
   * subscribed (it subscribes again when the language changes). English when absent.
   */
  locale: z.enum(PUSH_LOCALES).optional(),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/**
 * PATCH /api/push/subscriptions: the language of a device this wallet subscribed. It never
 * subscribes one: a device the wallet does not have stays without it (`subscribed: false`).
 */
export const pushLanguageRequestSchema = z.object({
  endpoint: endpointSchema,
  locale: z.enum(PUSH_LOCALES),
});
export type PushLanguageRequest = z.infer<typeof pushLanguageRequestSchema>;

/** DELETE /api/push/subscriptions: an endpoint this wallet subscribed (or not: idempotent). */
export const pushUnsubscribeRequestSchema = z.object({ endpoint: endpointSchema });

/** GET /api/push/public-key: the VAPID public key, base64url (applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** POST and DELETE /api/push/subscriptions answer how many devices this wallet has subscribed. */
export const pushSubscriptionAnswerSchema = z.object({
  subscribed: z.boolean(),
  devices: z.number().int().nonnegative(),
});
export type PushSubscriptionAnswer = z.infer<typeof pushSubscriptionAnswerSchema>;

/** GET /api/push/settings, and PUT's answer: every kind, on or off. */
export const pushSettingsSchema = z.object({
  kinds: z.object({
    messages: z.boolean(),
    mentions: z.boolean(),
    followers: z.boolean(),
    vaults: z.boolean(),
    capsules: z.boolean(),
  }),
  /** Devices this wallet has subscribed. */
  devices: z.number().int().nonnegative(),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** PUT /api/push/settings: the kinds to change (the others stay as they are). */
export const pushSettingsRequestSchema = z.object({
  kinds: z
    .object({
      messages: z.boolean(),
      mentions: z.boolean(),
      followers: z.boolean(),
      vaults: z.boolean(),
      capsules: z.boolean(),
    })
    .partial()
    .strict(),
});
export type PushSettingsRequest = z.infer<typeof pushSettingsRequestSchema>;

/** What a notification carries to the service worker (encrypted, RFC 8291). */
export interface PushPayload {
  title: string;
  body: string;
  /** The page to open on click, a path of this app. */
  url: string;
  /** Notifications with one tag replace each other (one thread, one vault). */
  tag: string;
  kind: PushKind;
}
