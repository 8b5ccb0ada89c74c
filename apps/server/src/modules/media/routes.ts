import multipart from '@fastify/multipart';
import { normalizeIP } from '@fastify/rate-limit';
import { AppError } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import type { SharedContext } from '../../context.ts';
import { outcomeOf, uploadsTotal } from '../../metrics.ts';
import { requireUser } from '../auth/index.ts';
import { trustOfWallet, trustPolicyOf } from '../trust/index.ts';
import { servedTypeOf, type MediaStore } from './storage.ts';
import { MULTIPART_LIMITS, receiveUpload, UploadIpQuotaError, type UploadDeps } from './upload.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type MediaRoutesContext = Pick<SharedContext, 'clock' | 'config' | 'database'> & {
  media: MediaStore;
};

/**
 * Files are served as what the bytes were found to be, never sniffed, cached for a year (the
 * names are random and never reused), shown inline, and with a policy that lets nothing in them
 * run (a file that somehow held markup would still be inert).
 */
const MEDIA_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'public, max-age=31536000, immutable',
  'content-disposition': 'inline',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'accept-ranges': 'bytes',
} as const;

/**
 * Whether a stored file may be served to a request: 'hidden' answers 404, 'private' is not kept
 * by shared caches, 'public' is. The vaults slice answers it (a locked vault's files are its
 * creator's alone); app.ts wires it in, so this slice does not depend on vaults.
 */
export type MediaAccess = 'public' | 'private' | 'hidden';
export type MediaAccessCheck = (args: {
  name: string;
  /** The vault media key the creator's URLs carry (modules/vaults). */
  key: string | undefined;
  viewerId: string | null;
}) => Promise<MediaAccess>;

/**
 * Several slices' checks as one: a file hidden by any is hidden, private to any is private
 * (locked vaults, modules/vaults; sealed time capsules, modules/capsules).
 */
export function combinedMediaAccess(...checks: MediaAccessCheck[]): MediaAccessCheck {
  return async (args) => {
    const answers = await Promise.all(checks.map((check) => check(args)));
    if (answers.includes('hidden')) return 'hidden';
    return answers.includes('private') ? 'private' : 'public';
  };
}

interface MediaParams {
  name: string;
}
interface MediaQuery {
  /** The vault media key the creator's URLs carry (modules/vaults). */
  key?: string;
}

/** What an upload needs from the app: its limits, and the uploader's trust (modules/trust). */
function uploadDeps(ctx: MediaRoutesContext, store: MediaStore): UploadDeps {
  return {
    db: ctx.database.db,
    clock: ctx.clock,
    media: store,
    rateLimit: {
      limit: ctx.config.feed.uploadRateLimit,
      windowMs: ctx.config.feed.uploadRateWindowMs,
    },
    quotaBytes: ctx.config.feed.uploadQuotaBytes,
    trustBandOf: async (userId) =>
      (await trustOfWallet(ctx.database.pool, trustPolicyOf(ctx), userId)).band,
    ipQuota: ctx.config.feed.uploadIpQuota,
  };
}

/**
 * POST /api/upload/vault-media and GET /media/<name> (docs/api.md "Uploads"). Files are
 * streamed through the app from either store, after the access check, never redirected to a
 * presigned bucket URL: every rule (a locked vault's media, a sealed capsule's, a hidden
 * mystery's) is decided per request and a URL handed out could not be taken back; the bucket
 * stays private; the URLs, caching headers, ranges and sandboxing policy stay one and the same
 * whichever store holds the bytes (docs/deploy.md, "Object storage").
 */
export async function mediaRoutes(
  app: FastifyInstance,
  ctx: MediaRoutesContext,
  mediaAccess: MediaAccessCheck,
): Promise<void> {
  const store = ctx.media;
  await store.prepare();
  const deps = uploadDeps(ctx, store);

  // Multipart is parsed on this route only; everywhere else the API reads JSON alone.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
    scope.post(
      '/api/upload/vault-media',
      { config: { writeLimit: 'other' } },
      async (request, reply) => {
        const user = requireUser(request);
        let uploaded;
        try {
          if (!request.isMultipart()) throw new AppError('unsupported_media_type');
          // The IP as the write limits key it: the socket's, or TRUST_PROXY's last hop, with an
          // IPv6 client's /64 as one (a host holds a whole /64 to pick addresses from).
          const uploader = { userId: user.id, ip: normalizeIP(request.ip) };
          uploaded = await receiveUpload(deps, uploader, () => request.file());
        } catch (error) {
          uploadsTotal.inc({ outcome: outcomeOf(error) });
          if (error instanceof UploadIpQuotaError) {
            void reply.header('retry-after', String(error.retryAfterSeconds));
          }
          throw error;
        }
        uploadsTotal.inc({ outcome: uploaded.mediaType });
        return reply.status(201).send(uploaded);
      },
    );
  });

  app.get<{ Params: MediaParams; Querystring: MediaQuery }>(
    '/media/:name',
    async (request, reply) => {
      const type = servedTypeOf(request.params.name);
      if (!type) throw new AppError('not_found');
      // A locked vault's media is withheld from everyone but its creator until the unlock, a
      // sealed time capsule's from everyone but its author until it opens.
      const access = await mediaAccess({
        name: request.params.name,
        key: typeof request.query.key === 'string' ? request.query.key : undefined,
        viewerId: request.user?.id ?? null,
      });
      if (access === 'hidden') {
        void reply.header('cache-control', 'no-store');
        throw new AppError('not_found');
      }
      const file = await store.open(request.params.name);
      if (!file) throw new AppError('not_found');
      const { size } = file;
      const etag = `"${request.params.name}"`;
      void reply.headers(MEDIA_HEADERS).header('etag', etag).type(type);
      if (access === 'private') void reply.header('cache-control', 'private, no-store');
      if (request.headers['if-none-match'] === etag) {
        await file.close();
        return reply.status(304).send();
      }
      const range = parseRange(request.headers.range, size);
      if (range) {
        void reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(await file.stream(range));
      }
      void reply.header('content-length', size);
      return reply.send(await file.stream());
    },
  );
}

/**
 * One `bytes=` range (what audio players send to seek). Anything else, several ranges or one
 * outside the file, is ignored and the whole file is sent, as RFC 9110 allows.
 */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null {
  if (!header || size === 0) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || start > end || start >= size) return null;
  return { start, end };
}
