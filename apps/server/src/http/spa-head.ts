import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Lru } from './lru.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The <head> tags a page's link card puts into the shell (modules/cards), or null when the page
 * bears none. It answers null synchronously for every other path, so they keep the build's
 * pre-compressed index.html; a promise of null (the object is not there, or not for a
 * signed-out reader) also serves the plain shell, the generic card.
 */
export type PageHead = (pathname: string, query: URLSearchParams) => Promise<string | null> | null;

type Encoding = 'br' | 'gzip' | 'identity';

/** Distinct card heads whose compressed shells are kept; each is a few KB. */
const SHELL_CACHE_SIZE = 500;

function encodingOf(request: FastifyRequest): Encoding {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/**
 * The shell (the build's index.html) with a card's tags in place of its generic <title> and
 * description: the same document the app boots from. It is read again when the build changes
 * it; each head's copy is compressed once, for the encoding asked, and kept.
 */
export function shellWithHead(webDist: string) {
  const file = path.join(webDist, 'index.html');
  let shell: { mtimeMs: number; before: string; after: string } | null = null;
  const cache = new Lru<string, Buffer>(SHELL_CACHE_SIZE);

  async function parts(): Promise<{ before: string; after: string; mtimeMs: number }> {
    const { mtimeMs } = await stat(file);
    if (shell?.mtimeMs === mtimeMs) return shell;
    const html = (await readFile(file, 'utf8')).replace(/\s*<meta\s+name="description"[^>]*>/i, '');
    const title = /<title>[\s\S]*?<\/title>/i.exec(html);
    const at = title ? title.index : html.indexOf('</head>');
    const end = title ? title.index + title[0].length : at;
    shell = { mtimeMs, before: html.slice(0, at), after: html.slice(end) };
    return shell;
  }

  return async (request: FastifyRequest, reply: FastifyReply, tags: string) => {
    const { before, after, mtimeMs } = await parts();
    const encoding = encodingOf(request);
    const key = `${mtimeMs}:${encoding}:${tags}`;
    let body = cache.get(key);
    if (!body) {
      const html = Buffer.from(`${before}${tags}${after}`);
      body =
        encoding === 'br'
          ? await brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
          : encoding === 'gzip'
            ? await gzipAsync(html)
            : html;
      cache.set(key, body);
    }
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply
      .header('vary', 'accept-encoding')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(body);
  };
}
