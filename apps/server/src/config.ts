import path from 'node:path';
import { VAULT_PROGRAM_ID } from '@dum/chain/vault-program';
import type { EstablishedRule } from '@dum/core';
import { z } from 'zod';
import { pushConfigOf, pushEnvShape, type PushConfig } from './config-push.ts';
import { isTrustProxy, parseTrustProxy } from './config-trust-proxy.ts';

/**
 * The only module that reads process.env. Every setting is validated here; a bad value stops
 * the process with one line per problem (see main.ts).
 */

const postgresUrl = z
  .url('must be a URL such as postgres://user@127.0.0.1:5432/dum')
  .refine(
    (value) => /^postgres(ql)?:$/.test(protocolOf(value)),
    'must start with postgres:// or postgresql://',
  );

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const redisUrl = z
  .url('must be a URL such as redis://127.0.0.1:6379')
  .refine((value) => /^rediss?:$/.test(protocolOf(value)), 'must start with redis:// or rediss://');

const port = z.coerce.number().int().min(0).max(65535);

/** A count, or a number of seconds or milliseconds: a whole number above zero. */
const positiveInt = z.coerce.number().int().positive();

/** Comma-separated wallet addresses; unset or empty: none given. */
const walletList = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .refine(
      (value) => splitList(value).every((address) => BASE58_ADDRESS.test(address)),
      'must be base-58 wallet addresses separated by commas',
    )
    .optional(),
);

/** Lamports written as an integer string of 1 to `maxDigits` digits, above zero. */
function lamportsText(maxDigits: number) {
  return z
    .string()
    .regex(
      new RegExp(`^[1-9]\\d{0,${maxDigits - 1}}$`),
      'must be a positive integer number of lamports',
    );
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  APP_ORIGIN: z.preprocess(emptyToUndefined, z.url().optional()),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, postgresUrl.optional()),
  REDIS_URL: z.preprocess(emptyToUndefined, redisUrl.optional()),
  /** Namespace of this deployment's Redis keys and channel (several may share one Redis). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,32}$/, 'must be 1 to 32 letters, digits, dots, dashes or underscores')
    .default('dum'),
  /** How often each instance publishes what the realtime outbox still holds. */
  OUTBOX_DRAIN_MS: z.coerce.number().int().min(50).default(1000),
  SOLANA_RPC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SOLANA_CLUSTER: z.preprocess(
    emptyToUndefined,
    z.enum(['localnet', 'devnet', 'testnet', 'mainnet-beta']).optional(),
  ),
  SOLANA_LOCALNET_PORT: port.default(8899),
  /** The embedded localnet's own listening interface; browsers reach it through /rpc anyway. */
  SOLANA_LOCALNET_HOST: z.string().min(1).default('127.0.0.1'),
  /** Test SOL the localnet's requestAirdrop gives one address per window, in lamports. */
  SOLANA_LOCALNET_AIRDROP_LAMPORTS: lamportsText(18).default('100000000000'),
  SOLANA_LOCALNET_AIRDROP_WINDOW_SECONDS: positiveInt.default(3600),
  /** JSON-RPC calls per IP per window on the app's /rpc (a batch counts each call in it). */
  SOLANA_LOCALNET_RPC_RATE_LIMIT: positiveInt.default(600),
  SOLANA_LOCALNET_RPC_RATE_WINDOW_SECONDS: positiveInt.default(10),
  /** The DUM mint on a remote cluster; on the localnet it is created and known at start. */
  DUM_MINT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
      .optional(),
  ),
  /** Test SOL per faucet call, in lamports (an integer string). */
  FAUCET_LAMPORTS: lamportsText(16).default('1000000000'),
  FAUCET_WALLET_LIMIT: positiveInt.default(3),
  FAUCET_IP_LIMIT: positiveInt.default(10),
  FAUCET_WINDOW_SECONDS: positiveInt.default(3600),
  /** Signs access tokens; shared by every instance. Unset: generated into DATA_DIR. */
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters of random text').optional(),
  ),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How long a sign-in challenge may be signed (SIWS Expiration Time); at most 10 minutes. */
  AUTH_CHALLENGE_TTL_SECONDS: z.coerce.number().int().min(30).max(600).default(300),
  /**
   * Sign-in rate limits: challenge and verify calls per IP, and per wallet from one IP (never
   * per wallet alone, so nobody can lock another's wallet out), per window.
   */
  AUTH_RATE_WINDOW_SECONDS: positiveInt.default(60),
  AUTH_RATE_IP_LIMIT: positiveInt.default(300),
  AUTH_RATE_ADDRESS_LIMIT: positiveInt.default(30),
  /**
   * Write rate limits (http/write-limits.ts): calls per signed-in wallet per window by kind of
   * write; each IP may make WRITE_RATE_IP_MULTIPLE times as many.
   */
  WRITE_RATE_WINDOW_SECONDS: positiveInt.default(3600),
  WRITE_RATE_POSTS: positiveInt.default(30),
  WRITE_RATE_COMMENTS: positiveInt.default(60),
  WRITE_RATE_LIKES: positiveInt.default(300),
  WRITE_RATE_SUPPORTS: positiveInt.default(60),
  WRITE_RATE_MESSAGES: positiveInt.default(1000),
  WRITE_RATE_OTHER: positiveInt.default(120),
  WRITE_RATE_REPORTS: positiveInt.default(20),
  WRITE_RATE_IP_MULTIPLE: positiveInt.default(10),
  /**
   * Which proxies' X-Forwarded-For to believe for the client's IP: a hop count (1: the last
   * hop) or a comma-separated list of proxy IPs and CIDRs. Unset: none, the socket's address.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine(
        isTrustProxy,
        'must be a hop count (1, 2, ...) or a comma-separated list of IPs/CIDRs',
      )
      .optional(),
  ),
  /** Rewarded events a wallet earns on per UTC day; later ones that day pay nothing. */
  DAILY_REWARD_CAP: z.coerce.number().int().min(0).default(100),
  /** Rewarded likes and comments per UTC day from one wallet on one wallet's posts. */
  PAIR_DAILY_REWARD_CAP: z.coerce.number().int().min(0).default(3),
  /** Referral bonuses a referrer earns per UTC day (the rest wait for a later day). */
  REFERRAL_DAILY_CAP: z.coerce.number().int().min(0).default(5),
  /**
   * The established-wallet rule (docs/decisions/013-established-wallets.md): only established
   * wallets earn, only their likes and comments vouch for others. Unset, the first three are
   * strict in production (60 minutes, a post, a vouch) and off elsewhere: on the embedded
   * localnet one person tries the product alone, with no community to vouch for them.
   */
  ESTABLISHED_MIN_AGE_MINUTES: z.coerce.number().int().min(0).optional(),
  ESTABLISHED_REQUIRE_POST: booleanFlag.optional(),
  ESTABLISHED_REQUIRE_VOUCH: booleanFlag.optional(),
  ESTABLISHED_VOUCHER_MIN_HOURS: z.coerce.number().int().min(0).default(24),
  /** Comma-separated wallet addresses that are established from sign-up. */
  ESTABLISHED_SEED_WALLETS: walletList,
  /**
   * Trust (docs/security.md "Trust"): whether rewards, referral bonuses, vouching, report weight,
   * upload quotas and the message inbox follow each wallet's EigenTrust weight. Unset, on in
   * production and off elsewhere (the embedded default: one person trying the product alone,
   * with no seeds, earns in full at once).
   */
  TRUST_REWARDS: booleanFlag.optional(),
  /** How often the trust scores are recomputed (one instance at a time). */
  TRUST_RECOMPUTE_SECONDS: z.coerce.number().int().min(1).default(300),
  /**
   * Comma-separated wallet addresses of the moderators (docs/api.md "Moderation"): they see
   * /moderation and act on reports. Nobody becomes one by request.
   */
  MODERATOR_WALLETS: walletList,
  /**
   * The automatic hide: content whose distinct open reporters' trust weights (modules/trust)
   * add up to this many fully trusted wallets is hidden at once, pending review.
   */
  MODERATION_AUTO_HIDE_REPORTS: z.coerce.number().int().min(1).default(3),
  /**
   * The earning hold: a wallet whose open reports (on its content or itself) weigh this many
   * fully trusted wallets earns nothing until they are decided.
   */
  MODERATION_HOLD_REPORTS: z.coerce.number().int().min(1).default(3),
  /** Yearly staking reward on staked DUM, in basis points (1000 = 10 % a year). */
  STAKING_APR_BPS: z.coerce.number().int().min(0).max(100_000).default(1000),
  /** Uploads per user per window (POST /api/upload/vault-media), counted across instances. */
  UPLOAD_RATE_LIMIT: positiveInt.default(30),
  UPLOAD_RATE_WINDOW_SECONDS: positiveInt.default(3600),
  /** Bytes of stored uploads a user may hold at once (attached to posts or not). */
  UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(500 * 1024 * 1024),
  /** Bytes one client IP may upload per window (still stored: what was deleted is not counted). */
  UPLOAD_IP_QUOTA_BYTES: positiveInt.default(2_147_483_648), // 2 GiB
  UPLOAD_IP_QUOTA_WINDOW_SECONDS: positiveInt.default(86_400),
  /** How long the anonymous first feed page is served from memory; 0 turns the cache off. */
  FEED_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * How old the emission counters the stats calls answer may be before they are read again (in
   * the background); this instance's own batches show at once. 0 reads them on every call.
   */
  EMISSIONS_STATS_MAX_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * How long a viewer's Following first page is remembered at most (its post ids, checked on
   * every use); 0 turns it off.
   */
  FEED_FOLLOWING_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /** How often the job that deletes expired free posts runs. */
  FEED_EXPIRY_INTERVAL_SECONDS: positiveInt.default(60),
  /**
   * The timelock-vault feature flag (docs/api.md, "Vaults"): vault posts and supports. On by default when the
   * cluster is the localnet, off otherwise unless set.
   */
  VAULTS_ENABLED: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .transform((value) => value === 'true' || value === '1')
      .optional(),
  ),
  /** The vault program (escrow vaults, docs/decisions/009-escrow-vaults.md); the localnet loads it at its fixed id. */
  VAULT_PROGRAM_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base-58 program address')
      .default(VAULT_PROGRAM_ID),
  ),
  /** How often each instance re-indexes escrow vaults from the chain (claims batches). */
  ESCROW_INDEX_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(15_000),
  /**
   * Where uploaded media are kept: `disk` (DATA_DIR/media, one instance) or `s3` (an
   * S3-compatible bucket every instance shares: AWS S3, Cloudflare R2, MinIO, Ceph, Swift).
   */
  MEDIA_STORE: z.enum(['disk', 's3']).default('disk'),
  /** The S3 API's endpoint, e.g. https://<account>.r2.cloudflarestorage.com. Unset: AWS S3. */
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** The bucket (required with MEDIA_STORE=s3); it must exist. */
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /** Credentials; unset: the AWS SDK's own chain (environment, instance role...). */
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /** Path-style addressing (endpoint/bucket/key), which MinIO, Ceph and Swift usually need. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Prefix of every object key, so several deployments may share one bucket. */
  S3_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^([A-Za-z0-9_.-]+\/)+$/, 'must be path segments ending with a slash, e.g. dum/')
      .optional(),
  ),
  /**
   * /metrics (Prometheus) answers only a request with `Authorization: Bearer <METRICS_TOKEN>`.
   * With METRICS_PORT set, /metrics is served on that port alone (for a private network), and
   * the token is required there too when set. Neither: /metrics is off.
   */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'must be at least 16 characters of random text').optional(),
  ),
  METRICS_PORT: z.preprocess(emptyToUndefined, port.optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...pushEnvShape,
  WEB_DIST: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
});

export type Cluster = 'localnet' | 'devnet' | 'testnet' | 'mainnet-beta';

/** The write budgets a write route spends from (http/write-limits.ts). */
export const WRITE_LIMIT_KINDS = [
  'post',
  'comment',
  'like',
  'support',
  'message',
  'other',
  'report',
] as const;
export type WriteLimitKind = (typeof WRITE_LIMIT_KINDS)[number];

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  appOrigin: string;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel: `<prefix>:realtime`, `<prefix>:auth-rate:…`. */
  redisPrefix: string;
  /** OUTBOX_DRAIN_MS: the realtime outbox's drain interval. */
  outboxDrainMs: number;
  push: PushConfig;
  solana: {
    cluster: Cluster;
    rpcUrl: string | undefined;
    localnetPort: number;
    /** The embedded localnet's listening interface (SOLANA_LOCALNET_HOST). */
    localnetHost: string;
    /** requestAirdrop on the embedded localnet: at most `lamports` per address per window. */
    localnetAirdrop: { lamports: bigint; windowMs: number };
    /** The app's /rpc (embedded localnet): at most `limit` calls per IP per window. */
    localnetRpcRate: { limit: number; windowMs: number };
    dumMint: string | undefined;
  };
  /** Per wallet and per IP, each at most `*Limit` calls per window. */
  faucet: { lamports: bigint; walletLimit: number; ipLimit: number; windowMs: number };
  auth: {
    secret: string | undefined;
    accessTokenTtlSeconds: number;
    refreshTokenTtlMs: number;
    challengeTtlMs: number;
    /**
     * Each of challenge and verify: at most `perIp` calls per IP and `perAddress` per wallet
     * from one IP.
     */
    rateLimit: { windowMs: number; perIp: number; perAddress: number };
  };
  /** Write limits per signed-in wallet per window by kind; per IP `ipMultiple` times as many. */
  writeLimits: {
    windowMs: number;
    perWallet: Record<WriteLimitKind, number>;
    ipMultiple: number;
  };
  /**
   * Fastify's trustProxy: false (the socket's address), a hop count, or the proxies' IPs and
   * CIDRs whose X-Forwarded-For is believed.
   */
  trustProxy: false | number | string[];
  economy: {
    dailyRewardCap: number;
    /** Rewarded likes and comments per UTC day per (giver, receiver). */
    pairDailyRewardCap: number;
    /** Referral bonuses per referrer per UTC day. */
    referrerDailyCap: number;
    /** Who earns (packages/core/src/established.ts). */
    established: EstablishedRule;
    /** TRUST_REWARDS. */
    trustRewards: boolean;
    /** TRUST_RECOMPUTE_SECONDS, in ms. */
    trustRecomputeMs: number;
    stakingAprBps: number;
    /** EMISSIONS_STATS_MAX_AGE_MS. */
    statsMaxAgeMs: number;
  };
  feed: {
    uploadRateLimit: number;
    uploadRateWindowMs: number;
    /** The full per-wallet quota; a wallet's trust band gets a share of it (modules/media). */
    uploadQuotaBytes: number;
    uploadIpQuota: { bytes: number; windowMs: number };
    anonymousCacheMs: number;
    followingCacheMs: number;
    expiryIntervalMs: number;
  };
  vaults: {
    enabled: boolean;
    /** The vault program escrow vaults live in (VAULT_PROGRAM_ID). */
    programId: string;
    escrowIndexIntervalMs: number;
  };
  /** Where uploads are stored (modules/media): this instance's disk, or a shared bucket. */
  media: { store: 'disk' } | ({ store: 's3' } & S3Settings);
  /** /metrics: on the app's port behind the token, or on a port of its own; null: off. */
  metrics: { token: string | undefined; port: number | undefined } | null;
  moderation: {
    /** MODERATOR_WALLETS */
    moderators: ReadonlySet<string>;
    autoHideReports: number;
    holdReports: number;
  };
  logLevel: string;
  webDist: string;
  bodyLimitBytes: number;
}

export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  prefix: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** "a, b,,c" → ["a", "b", "c"]. */
function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

function emptyToUndefined(value: unknown): unknown {
  return value === '' ? undefined : value;
}

/** Turns an environment (process.env in main.ts, a plain object in tests) into a typed Config. */
// eslint-disable-next-line max-lines-per-function -- one literal, one line per setting
export function loadConfig(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const e = parsed.data;
  // The established rule's defaults (decision 013): strict where strangers meet.
  const strictEarning = e.NODE_ENV === 'production';
  if (e.NODE_ENV === 'production' && !e.APP_ORIGIN) {
    // Sign-in messages name this domain: a default of localhost would fail (or mislead) users.
    throw new ConfigError([
      'APP_ORIGIN: must be set in production (the public URL, such as https://dum.example)',
    ]);
  }
  if (e.MEDIA_STORE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError(['S3_BUCKET: must be set with MEDIA_STORE=s3']);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (the SDK finds its own)',
    ]);
  }
  const push = pushConfigOf(e, e.APP_ORIGIN ?? `http://localhost:${e.PORT}`);
  if (typeof push === 'string') throw new ConfigError([push]);
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const cluster: Cluster = e.SOLANA_CLUSTER ?? (e.SOLANA_RPC_URL ? 'devnet' : 'localnet');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    appOrigin: e.APP_ORIGIN ?? `http://localhost:${e.PORT}`,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    outboxDrainMs: e.OUTBOX_DRAIN_MS,
    push,
    solana: {
      cluster,
      rpcUrl: e.SOLANA_RPC_URL,
      localnetPort: e.SOLANA_LOCALNET_PORT,
      localnetHost: e.SOLANA_LOCALNET_HOST,
      localnetAirdrop: {
        lamports: BigInt(e.SOLANA_LOCALNET_AIRDROP_LAMPORTS),
        windowMs: e.SOLANA_LOCALNET_AIRDROP_WINDOW_SECONDS * 1000,
      },
      localnetRpcRate: {
        limit: e.SOLANA_LOCALNET_RPC_RATE_LIMIT,
        windowMs: e.SOLANA_LOCALNET_RPC_RATE_WINDOW_SECONDS * 1000,
      },
      dumMint: e.DUM_MINT,
    },
    faucet: {
      lamports: BigInt(e.FAUCET_LAMPORTS),
      walletLimit: e.FAUCET_WALLET_LIMIT,
      ipLimit: e.FAUCET_IP_LIMIT,
      windowMs: e.FAUCET_WINDOW_SECONDS * 1000,
    },
    auth: {
      secret: e.AUTH_SECRET,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlMs: e.REFRESH_TOKEN_TTL_DAYS * 86_400_000,
      challengeTtlMs: e.AUTH_CHALLENGE_TTL_SECONDS * 1000,
      rateLimit: {
        windowMs: e.AUTH_RATE_WINDOW_SECONDS * 1000,
        perIp: e.AUTH_RATE_IP_LIMIT,
        perAddress: e.AUTH_RATE_ADDRESS_LIMIT,
      },
    },
    writeLimits: {
      windowMs: e.WRITE_RATE_WINDOW_SECONDS * 1000,
      perWallet: {
        post: e.WRITE_RATE_POSTS,
        comment: e.WRITE_RATE_COMMENTS,
        like: e.WRITE_RATE_LIKES,
        support: e.WRITE_RATE_SUPPORTS,
        message: e.WRITE_RATE_MESSAGES,
        other: e.WRITE_RATE_OTHER,
        report: e.WRITE_RATE_REPORTS,
      },
      ipMultiple: e.WRITE_RATE_IP_MULTIPLE,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    economy: {
      dailyRewardCap: e.DAILY_REWARD_CAP,
      pairDailyRewardCap: e.PAIR_DAILY_REWARD_CAP,
      referrerDailyCap: e.REFERRAL_DAILY_CAP,
      established: {
        minAgeMs: (e.ESTABLISHED_MIN_AGE_MINUTES ?? (strictEarning ? 60 : 0)) * 60_000,
        requirePost: e.ESTABLISHED_REQUIRE_POST ?? strictEarning,
        requireVouch: e.ESTABLISHED_REQUIRE_VOUCH ?? strictEarning,
        voucherMinAgeMs: e.ESTABLISHED_VOUCHER_MIN_HOURS * 3_600_000,
        seedWallets: new Set(splitList(e.ESTABLISHED_SEED_WALLETS ?? '')),
      },
      trustRewards: e.TRUST_REWARDS ?? strictEarning,
      trustRecomputeMs: e.TRUST_RECOMPUTE_SECONDS * 1000,
      stakingAprBps: e.STAKING_APR_BPS,
      statsMaxAgeMs: e.EMISSIONS_STATS_MAX_AGE_MS,
    },
    feed: {
      uploadRateLimit: e.UPLOAD_RATE_LIMIT,
      uploadRateWindowMs: e.UPLOAD_RATE_WINDOW_SECONDS * 1000,
      uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
      uploadIpQuota: {
        bytes: e.UPLOAD_IP_QUOTA_BYTES,
        windowMs: e.UPLOAD_IP_QUOTA_WINDOW_SECONDS * 1000,
      },
      anonymousCacheMs: e.FEED_CACHE_MS,
      followingCacheMs: e.FEED_FOLLOWING_CACHE_MS,
      expiryIntervalMs: e.FEED_EXPIRY_INTERVAL_SECONDS * 1000,
    },
    vaults: {
      enabled: e.VAULTS_ENABLED ?? cluster === 'localnet',
      programId: e.VAULT_PROGRAM_ID,
      escrowIndexIntervalMs: e.ESCROW_INDEX_INTERVAL_MS,
    },
    media:
      e.MEDIA_STORE === 's3' && e.S3_BUCKET
        ? {
            store: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX ?? '',
          }
        : { store: 'disk' },
    metrics:
      e.METRICS_TOKEN || e.METRICS_PORT !== undefined
        ? { token: e.METRICS_TOKEN, port: e.METRICS_PORT }
        : null,
    moderation: {
      moderators: new Set(splitList(e.MODERATOR_WALLETS ?? '')),
      autoHideReports: e.MODERATION_AUTO_HIDE_REPORTS,
      holdReports: e.MODERATION_HOLD_REPORTS,
    },
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(cwd, e.WEB_DIST ?? 'apps/web/dist'),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
  };
}

/** zod runs refinements even after `.url()` failed, so this must not throw. */
function protocolOf(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}

/** The environment variables the schema reads, in its order (the README's table lists each). */
export type ConfigVariable = keyof typeof envSchema.shape;
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as ConfigVariable[];

/** Each variable's value when it is unset, as the schema fills it in (absent: no default). */
export function configDefaults(): z.output<typeof envSchema> {
  return envSchema.parse({});
}
