import { AppError } from '@dum/core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SharedContext } from '../../context.ts';
import { Lru } from '../../http/lru.ts';
import type { PageHead } from '../../http/spa-head.ts';
import { feedItemsReader } from '../feed/index.ts';
import {
  CARD_KINDS,
  cardVersion,
  readCardFacts,
  type CardDeps,
  type CardFacts,
  type CardKind,
} from './facts.ts';
import { cardHeadTags } from './head.ts';
import { renderCard } from './render.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type CardsContext = Pick<SharedContext, 'clock' | 'config' | 'database'>;

/**
 * How long a client or a proxy may keep a card's picture without asking again. The pages link
 * it with its version in the query, so a changed card is a new URL anyway; this bounds how stale
 * a picture fetched without it may be.
 */
export const CARD_IMAGE_MAX_AGE_S = 600;

/** Rendered pictures kept per process (about 50 KB each). */
const IMAGE_CACHE_SIZE = 256;

export interface CardService {
  deps: CardDeps;
  images: Lru<string, Buffer>;
  /** Pictures being drawn now: a burst of requests for a card just shared draws it once. */
  drawing: Map<string, Promise<Buffer>>;
  logger: FastifyBaseLogger;
}

export function cardDepsOf(
  ctx: CardsContext,
  slices: Pick<CardDeps, 'readPost' | 'vaults' | 'mystery'>,
): CardDeps {
  return {
    origin: new URL(ctx.config.appOrigin).origin,
    pool: ctx.database.pool,
    clock: ctx.clock,
    readItems: feedItemsReader(ctx),
    ...slices,
  };
}

export function cardServiceOf(deps: CardDeps, logger: FastifyBaseLogger): CardService {
  return { deps, images: new Lru(IMAGE_CACHE_SIZE), drawing: new Map(), logger };
}

/** A card's picture, from the cache when this version was drawn before. */
export async function cardImage(
  service: CardService,
  facts: CardFacts,
  version: string,
): Promise<Buffer> {
  const key = `${facts.kind}:${facts.id}:${version}`;
  const cached = service.images.get(key);
  if (cached) return cached;
  const pending = service.drawing.get(key);
  if (pending) return pending;
  const drawn = renderCard(facts)
    .then((png) => {
      service.images.set(key, png);
      return png;
    })
    .finally(() => service.drawing.delete(key));
  service.drawing.set(key, drawn);
  return drawn;
}

/** The client routes that bear a card, and the card each stands for. */
function cardOfPage(pathname: string, query: URLSearchParams): [CardKind, string] | null {
  const match = /^\/(posts|vaults|profile)\/([^/]+)\/?$/.exec(pathname);
  if (match) {
    const kind = ({ posts: 'post', vaults: 'vault', profile: 'profile' } as const)[
      match[1] as 'posts' | 'vaults' | 'profile'
    ];
    try {
      return [kind, decodeURIComponent(match[2] ?? '')];
    } catch {
      return null; // not a valid percent-encoding: no object has this id
    }
  }
  // A mystery vault's own link is its list page with the vault open (the web app's only route).
  const open = query.get('open');
  if (/^\/mystery-vaults\/?$/.test(pathname) && open) return ['mystery', open];
  return null;
}

/**
 * The link-card tags of a page (registerSpa's `pageHead`): null at once for a page that bears
 * none; the generic shell (null) when the object is not there for a signed-out reader, or when
 * it cannot be read now (a card is never worth an error page).
 */
export function cardPageHead(service: CardService): PageHead {
  return (pathname, query) => {
    const page = cardOfPage(pathname, query);
    if (!page) return null;
    return (async () => {
      try {
        const facts = await readCardFacts(service.deps, page[0], page[1]);
        return facts ? cardHeadTags(facts, service.deps.origin, cardVersion(facts)) : null;
      } catch (error) {
        service.logger.warn({ err: error, pathname }, 'link card not read; generic shell sent');
        return null;
      }
    })();
  };
}

const CARD_FILE = /^(.{1,64})\.png$/;

/** GET /api/cards/{kind}/{id}.png (docs/api.md "Link cards"). */
export function cardRoutes(app: FastifyInstance, service: CardService): void {
  app.get<{ Params: { kind: string; file: string } }>(
    '/api/cards/:kind/:file',
    async (request, reply) => {
      const { kind, file } = request.params;
      const id = CARD_FILE.exec(file)?.[1];
      if (!(CARD_KINDS as readonly string[]).includes(kind) || id === undefined) {
        throw new AppError('not_found');
      }
      const facts = await readCardFacts(service.deps, kind as CardKind, id);
      if (!facts) throw new AppError('not_found');
      const version = cardVersion(facts);
      const etag = `"${version}"`;
      void reply
        .header('cache-control', `public, max-age=${CARD_IMAGE_MAX_AGE_S}`)
        .header('etag', etag)
        // A card is for any site's page (a chat client's preview, a blink's icon).
        .header('cross-origin-resource-policy', 'cross-origin');
      const match = request.headers['if-none-match'];
      if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.status(304).send();
      }
      return reply.type('image/png').send(await cardImage(service, facts, version));
    },
  );
}
