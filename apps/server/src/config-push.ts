import { z } from 'zod';

/**
 * Web Push's settings (modules/push), read by config.ts with the rest of the environment. Kept
 * apart so config.ts stays within its size.
 */

const base64url = (bytes: number, what: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')
      .refine(
        (value) => Buffer.from(value, 'base64url').length === bytes,
        `must be ${what} (${bytes} bytes, base64url)`,
      )
      .optional(),
  );

export const pushEnvShape = {
  /**
   * The VAPID key pair (RFC 8292), as `npx web-push generate-vapid-keys` prints it. Unset: one
   * is made on first start and kept in the database, so every instance signs alike.
   */
  VAPID_PUBLIC_KEY: base64url(65, 'an uncompressed P-256 public key'),
  VAPID_PRIVATE_KEY: base64url(32, 'a P-256 private key'),
  /** Who push services may contact about our sends: a mailto: or https: URL. */
  VAPID_SUBJECT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
      .optional(),
  ),
};

export interface PushConfig {
  /** From VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; null: the pair kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  subject: string;
  /**
   * Whether endpoints may be plain http on 127.0.0.1 (a local push service, the tests'). Off in
   * production, where only https on a public address is sent to.
   */
  allowLoopbackHttp: boolean;
}

export function pushConfigOf(
  env: {
    NODE_ENV: string;
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
    VAPID_SUBJECT?: string | undefined;
  },
  appOrigin: string,
): PushConfig | string {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    return 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither (a pair is kept in the database)';
  }
  const origin = new URL(appOrigin);
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : null,
    subject:
      env.VAPID_SUBJECT ??
      (origin.protocol === 'https:' ? origin.origin : `mailto:push@${origin.hostname}`),
    allowLoopbackHttp: env.NODE_ENV !== 'production',
  };
}
