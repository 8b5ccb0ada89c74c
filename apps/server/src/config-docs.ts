import type { ConfigVariable } from './config.ts';

/**
 * The README's configuration table ("Configure it"), written from this list by
 * `npm run docs:config`; config-docs.test.ts fails when the README, this list and the schema in
 * config.ts disagree. The type makes a variable added to the schema fail to compile until it is
 * described here.
 */
export interface ConfigVariableDoc {
  /** Markdown: the value when unset. */
  default: string;
  /** Markdown: what it does. */
  meaning: string;
}

export const CONFIG_DOCS = {
  PORT: { default: '`3000`', meaning: 'HTTP port for the SPA, `/api/*`, `/socket` and `/rpc`' },
  HOST: { default: '`0.0.0.0`', meaning: 'interface to listen on' },
  APP_ORIGIN: {
    default: '`http://localhost:$PORT`; required when `NODE_ENV=production`',
    meaning: 'the public URL (sign-in domain, links, socket origin check)',
  },
  DATA_DIR: {
    default: '`./.data`',
    meaning: 'PGlite data, localnet state, generated keys, uploaded media',
  },
  DATABASE_URL: {
    default: '—',
    meaning:
      "use this PostgreSQL instead of PGlite (`postgres://…`; on the database's own machine its Unix socket, `postgres://user@%2Fvar%2Frun%2Fpostgresql/dum`, costs less CPU per query than 127.0.0.1)",
  },
  REDIS_URL: {
    default: '—',
    meaning: 'share real-time events and rate limits across instances (`redis://…`)',
  },
  REDIS_PREFIX: {
    default: '`dum`',
    meaning:
      "namespace of this deployment's Redis channel and keys, so deployments can share one Redis",
  },
  OUTBOX_DRAIN_MS: {
    default: '`1000`',
    meaning:
      "how often each instance publishes what the realtime outbox still holds (an opening's news a crash or a refusing bus left behind)",
  },
  SOLANA_RPC_URL: {
    default: '—',
    meaning: 'use this cluster instead of the embedded localnet (devnet by default then)',
  },
  SOLANA_CLUSTER: {
    default: '`localnet`, or `devnet` with `SOLANA_RPC_URL`',
    meaning: "the cluster's name",
  },
  SOLANA_LOCALNET_PORT: {
    default: '`8899`',
    meaning: "the embedded localnet's JSON-RPC port (subscriptions on the next port)",
  },
  SOLANA_LOCALNET_HOST: {
    default: '`127.0.0.1`',
    meaning:
      "the embedded localnet's listening interface (browsers reach it through `/rpc` on `PORT`; `0.0.0.0` exposes it to the network)",
  },
  SOLANA_LOCALNET_AIRDROP_LAMPORTS: {
    default: '`100000000000`',
    meaning:
      "test SOL (in lamports; 100 SOL) the embedded localnet's `requestAirdrop` gives one address per window",
  },
  SOLANA_LOCALNET_AIRDROP_WINDOW_SECONDS: {
    default: '`3600`',
    meaning: "the window of the localnet's airdrop limit",
  },
  SOLANA_LOCALNET_RPC_RATE_LIMIT: {
    default: '`600`',
    meaning:
      'JSON-RPC calls one IP may make per window on `/rpc` with the embedded localnet (each call of a batch counts, and each WebSocket opened); past it 429 with a JSON-RPC error',
  },
  SOLANA_LOCALNET_RPC_RATE_WINDOW_SECONDS: {
    default: '`10`',
    meaning: 'the window of the `/rpc` limit',
  },
  DUM_MINT: {
    default: '— (created at start on the localnet)',
    meaning: 'the DUM token mint on a remote cluster',
  },
  LOG_LEVEL: { default: '`info`', meaning: '`fatal` … `trace`, or `silent`' },
  NODE_ENV: {
    default: '`development`',
    meaning: '`production` disables the faucet and enables HSTS',
  },
  VAPID_PUBLIC_KEY: {
    default: '—',
    meaning:
      "Web Push's VAPID public key (base64url, as `npx web-push generate-vapid-keys` prints it); set with `VAPID_PRIVATE_KEY` or neither, when a pair is made once and kept in the database",
  },
  VAPID_PRIVATE_KEY: { default: '—', meaning: "Web Push's VAPID private key (base64url)" },
  VAPID_SUBJECT: {
    default: '`APP_ORIGIN` when https, else `mailto:push@<its host>`',
    meaning: 'the contact push services see in our VAPID signature (a `mailto:` or `https:` URL)',
  },
  WEB_DIST: {
    default: '`apps/web/dist`',
    meaning: 'the built web app the server serves (relative to the working directory)',
  },
  BODY_LIMIT_BYTES: { default: '`65536`', meaning: 'the largest JSON request body, in bytes' },
  VAULTS_ENABLED: {
    default: '`true` on the localnet, else `false`',
    meaning: 'the timelock-vault feature flag: vault posts and supports (docs/api.md "Vaults")',
  },
  VAULT_PROGRAM_ID: {
    default: '`DumVau1t11111111111111111111111111111111111`',
    meaning:
      'the vault program escrow vaults use (the localnet loads it there; elsewhere `npm run program:deploy`)',
  },
  ESCROW_INDEX_INTERVAL_MS: {
    default: '`15000`',
    meaning:
      'how often each instance re-indexes escrow vaults from the chain (1000 to 3600000; instances take disjoint batches)',
  },
  DAILY_REWARD_CAP: {
    default: '`100`',
    meaning: 'rewarded events and referral bonuses a wallet earns on per UTC day',
  },
  PAIR_DAILY_REWARD_CAP: {
    default: '`3`',
    meaning: "rewarded likes and comments per UTC day from one wallet on another wallet's posts",
  },
  REFERRAL_DAILY_CAP: {
    default: '`5`',
    meaning: 'referral bonuses a referrer earns per UTC day (later ones wait for a later day)',
  },
  ESTABLISHED_MIN_AGE_MINUTES: {
    default: '`60` in production, else `0`',
    meaning:
      'established wallets (only they earn, docs/decisions/013-established-wallets.md): account age at least this; 0 turns it off',
  },
  ESTABLISHED_REQUIRE_POST: {
    default: '`true` in production, else `false`',
    meaning: 'established wallets: must have made a post',
  },
  ESTABLISHED_REQUIRE_VOUCH: {
    default: '`true` in production, else `false`',
    meaning:
      'established wallets: must have been liked or commented on by a wallet that may vouch (a seed, or established for `ESTABLISHED_VOUCHER_MIN_HOURS`)',
  },
  ESTABLISHED_VOUCHER_MIN_HOURS: {
    default: '`24`',
    meaning: 'how long a wallet is established before its likes and comments vouch for others',
  },
  ESTABLISHED_SEED_WALLETS: {
    default: '— (none: nobody can become established)',
    meaning:
      'comma-separated wallet addresses established from sign-up: the community the trust starts from',
  },
  TRUST_REWARDS: {
    default: '`true` in production, else `false`',
    meaning:
      'rewards, referral bonuses, vouching, report weight, upload quotas and the message inbox follow each wallet\'s trust (EigenTrust from the seeds, docs/security.md "Trust"); off, every wallet\'s weight is full',
  },
  TRUST_RECOMPUTE_SECONDS: {
    default: '`300`',
    meaning: 'how often the trust scores are recomputed (one instance at a time)',
  },
  MODERATOR_WALLETS: {
    default: '— (none: nobody moderates)',
    meaning:
      'comma-separated wallet addresses of the moderators: they see /moderation and act on reports',
  },
  MODERATION_AUTO_HIDE_REPORTS: {
    default: '`3`',
    meaning:
      "fully trusted wallets' worth of reports (each reporter weighs its trust) that hide a post or mystery vault at once, pending review",
  },
  MODERATION_HOLD_REPORTS: {
    default: '`3`',
    meaning:
      "fully trusted wallets' worth of open reports on a wallet (or its content) that stop its earning until decided",
  },
  STAKING_APR_BPS: {
    default: '`1000`',
    meaning: 'yearly staking reward on staked DUM, in basis points',
  },
  FAUCET_LAMPORTS: {
    default: '`1000000000`',
    meaning: 'test SOL per faucet call, in lamports',
  },
  FAUCET_WALLET_LIMIT: { default: '`3`', meaning: 'faucet calls per wallet per window' },
  FAUCET_IP_LIMIT: { default: '`10`', meaning: 'faucet calls per IP per window' },
  FAUCET_WINDOW_SECONDS: { default: '`3600`', meaning: 'the faucet rate-limit window' },
  UPLOAD_RATE_LIMIT: {
    default: '`30`',
    meaning: 'vault media uploads per user per window, counted across instances',
  },
  UPLOAD_RATE_WINDOW_SECONDS: { default: '`3600`', meaning: 'the upload rate-limit window' },
  UPLOAD_QUOTA_BYTES: {
    default: '`524288000`',
    meaning:
      "bytes of uploads a trusted user may keep stored (500 MiB; their posts' media and uploads no post took yet); by trust band a `building` wallet keeps half, a `new` one a fifth",
  },
  UPLOAD_IP_QUOTA_BYTES: {
    default: '`2147483648`',
    meaning:
      'bytes of uploads one client IP may add per window (2 GiB), whatever the wallets; deleted uploads stop counting',
  },
  UPLOAD_IP_QUOTA_WINDOW_SECONDS: {
    default: '`86400`',
    meaning: 'the rolling window of the per-IP upload quota (uploads older than it lose their IP)',
  },
  EMISSIONS_STATS_MAX_AGE_MS: {
    default: '`1000`',
    meaning:
      "how old the emission counters the stats calls answer may be before they are read again, in the background (0 to 60000; 0 reads them on every call; this instance's own rewards show at once)",
  },
  FEED_CACHE_MS: {
    default: '`1000`',
    meaning:
      "how long a page of the feed (any cursor) is shared by every reader, signed in or not, before it is read again; each viewer's likes, bookmarks and blocks are applied to it from a per-viewer cache kept exact by their own changes (0 to 60000; 0 reads every page in SQL)",
  },
  FEED_FOLLOWING_CACHE_MS: {
    default: '`60000`',
    meaning:
      "how long a viewer's Following first page is remembered at most: its post ids, dropped at once by a post of a wallet on it and checked against the viewer's follows on every use (0 to 600000; 0 turns it off)",
  },
  FEED_EXPIRY_INTERVAL_SECONDS: {
    default: '`60`',
    meaning: 'how often the job that deletes expired free posts runs',
  },
  AUTH_SECRET: {
    default: 'generated into `DATA_DIR/auth-secret`',
    meaning: 'signs access tokens (32+ characters); every instance must share it',
  },
  ACCESS_TOKEN_TTL_SECONDS: { default: '`900`', meaning: 'access token lifetime (30 to 3600)' },
  REFRESH_TOKEN_TTL_DAYS: {
    default: '`30`',
    meaning: 'refresh token lifetime from its issue (each refresh issues a new one)',
  },
  AUTH_CHALLENGE_TTL_SECONDS: {
    default: '`300`',
    meaning: 'how long a sign-in challenge may be signed (30 to 600)',
  },
  AUTH_RATE_IP_LIMIT: {
    default: '`300`',
    meaning: 'sign-in challenges, and verifies, per IP per window',
  },
  AUTH_RATE_ADDRESS_LIMIT: {
    default: '`30`',
    meaning:
      'sign-in challenges, and verifies, per wallet from one IP per window (never per wallet alone: docs/security.md)',
  },
  AUTH_RATE_WINDOW_SECONDS: { default: '`60`', meaning: 'the sign-in rate-limit window' },
  WRITE_RATE_WINDOW_SECONDS: {
    default: '`3600`',
    meaning: 'the window of the write rate limits (every POST/PUT/PATCH/DELETE under `/api`)',
  },
  WRITE_RATE_POSTS: { default: '`30`', meaning: 'posts per wallet per window' },
  WRITE_RATE_COMMENTS: { default: '`60`', meaning: 'comments per wallet per window' },
  WRITE_RATE_LIKES: {
    default: '`300`',
    meaning: 'likes and bookmarks (each toggle) per wallet per window',
  },
  WRITE_RATE_SUPPORTS: {
    default: '`60`',
    meaning: 'vault supports and escrow syncs per wallet per window',
  },
  WRITE_RATE_MESSAGES: {
    default: '`1000`',
    meaning: 'direct messages sent and conversations marked read per wallet per window',
  },
  WRITE_RATE_OTHER: {
    default: '`120`',
    meaning:
      'every other write (stakes, claims, deletes, uploads, faucet, logout) per wallet per window',
  },
  WRITE_RATE_REPORTS: {
    default: '`20`',
    meaning: 'reports (POST /api/reports) per wallet per window',
  },
  WRITE_RATE_IP_MULTIPLE: {
    default: '`10`',
    meaning: 'each IP may make this many times the per-wallet write limits (e.g. 300 posts)',
  },
  TRUST_PROXY: {
    default: '— (the socket address)',
    meaning:
      "whose `X-Forwarded-For` to believe for the client's IP (rate limits): a hop count (`1`: one proxy in front) or a comma-separated list of proxy IPs/CIDRs",
  },
  MEDIA_STORE: {
    default: '`disk`',
    meaning:
      'where uploads are kept: `disk` (`DATA_DIR/media`, one instance) or `s3` (a bucket every instance shares; docs/deploy.md)',
  },
  S3_ENDPOINT: {
    default: '— (AWS S3)',
    meaning: 'the S3 API endpoint (Cloudflare R2, MinIO, Ceph, Swift s3api, …)',
  },
  S3_REGION: { default: '`us-east-1`', meaning: "the bucket's region (R2: `auto`)" },
  S3_BUCKET: {
    default: '— (required with `MEDIA_STORE=s3`)',
    meaning: 'the bucket; it must exist and may stay private (media are served through the app)',
  },
  S3_ACCESS_KEY_ID: {
    default: "— (the AWS SDK's own chain: environment, instance role)",
    meaning: 'the access key (set with `S3_SECRET_ACCESS_KEY`)',
  },
  S3_SECRET_ACCESS_KEY: { default: '—', meaning: 'the secret key' },
  S3_FORCE_PATH_STYLE: {
    default: '`false`',
    meaning: 'path-style addressing (`endpoint/bucket/key`), which MinIO, Ceph and Swift need',
  },
  S3_PREFIX: {
    default: '— (none)',
    meaning: 'prefix of every object key (`dum/`), so deployments can share a bucket',
  },
  METRICS_TOKEN: {
    default: '— (with neither this nor `METRICS_PORT`, `/metrics` is off)',
    meaning: '`/metrics` (Prometheus) answers only `Authorization: Bearer <token>`',
  },
  METRICS_PORT: {
    default: '— (`/metrics` on `PORT`, behind `METRICS_TOKEN`)',
    meaning: 'serve `/metrics` on this port alone (a private network), not on `PORT`',
  },
} satisfies Record<ConfigVariable, ConfigVariableDoc>;

export const CONFIG_TABLE_START = '<!-- config-table:start (npm run docs:config writes this) -->';
export const CONFIG_TABLE_END = '<!-- config-table:end -->';

/** The markdown table, one row per variable in this list's order. */
export function renderConfigTable(docs: Record<string, ConfigVariableDoc> = CONFIG_DOCS): string {
  const rows = Object.entries(docs).map(
    ([name, doc]) => `| \`${name}\` | ${doc.default} | ${doc.meaning} |`,
  );
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The README with the text between the markers replaced by the table. */
export function withConfigTable(readme: string, table: string = renderConfigTable()): string {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start === -1 || end < start) {
    throw new Error(`README.md has no ${CONFIG_TABLE_START} … ${CONFIG_TABLE_END} section`);
  }
  return `${readme.slice(0, start + CONFIG_TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}
