import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError } from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { shellWithHead, type PageHead } from './spa-head.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A last path segment with a dot names a file (/sw.js, /favicon.ico): one that does not exist is
 * a 404, never the app's page, which a browser would otherwise take for the service worker's
 * script or an icon. No client route has a dot in its last segment.
 */
const NAMES_FILE = /\.[^/]*$/;

/**
 * Serves the built SPA: hashed files under /assets are cached for a year, everything else is
 * revalidated; text files go out brotli- or gzip-compressed from the build's copies; any other GET that wants HTML gets index.html (history fallback) so client-side
 * routes such as /profile/abc load directly. A page that bears a link card (`pageHead`,
 * modules/cards) gets the same shell with the card's tags in its head. Unknown /api paths are
 * JSON 404s.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  pageHead?: PageHead,
): Promise<void> {
  const hasSpa = existsSync(path.join(webDist, 'index.html'));
  const sendWithHead = shellWithHead(webDist);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text file; send the one the browser accepts.
      preCompressed: true,
      setHeaders(res, filePath) {
        const relative = path.relative(webDist, filePath);
        res.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const isFile = pathname.startsWith('/assets/') || NAMES_FILE.test(pathname);
    if (!isApi && wantsPage && hasSpa && !isFile) {
      const query = new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt + 1));
      const head = pageHead?.(pathname, query);
      const tags = head ? await head : null;
      if (tags) return sendWithHead(request, reply, tags);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const error = new AppError(isApi ? 'route_not_found' : 'not_found');
    return reply.status(error.status).send(error.toBody());
  });
}
