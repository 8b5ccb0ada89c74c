import { signInOverHttp, type ApiSession } from './api-wallet-test-kit.ts';

/** Discover's content, made over HTTP by wallets outside the browser. */

export interface DiscoverSeed {
  /** Posts with #clubnight and #sunset, liked and commented on by the fan. */
  creator: ApiSession;
  /** A second creator whose post the fan only likes. */
  other: ApiSession;
  fan: ApiSession;
  /** The creator's post a search finds (its words are below). */
  postId: string;
  creatorName: string;
  creatorUsername: string;
}

export const DISCOVER_POST_TEXT = 'Golden hour on the rooftop terrace #ClubNight #sunset';
export const DISCOVER_SEARCH_WORDS = 'rooftop terrace';

async function call<T>(
  serverUrl: string,
  method: 'POST' | 'PATCH',
  route: string,
  session: ApiSession,
  body: unknown,
): Promise<T> {
  const response = await fetch(serverUrl + route, {
    method,
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

function post(serverUrl: string, session: ApiSession, body: string): Promise<{ id: string }> {
  return call(serverUrl, 'POST', '/api/messages-v2/messages', session, { body });
}

function like(serverUrl: string, session: ApiSession, postId: string): Promise<unknown> {
  return call(serverUrl, 'POST', `/api/messages/${postId}/engage`, session, { kind: 'like' });
}

/**
 * A named creator with three tagged posts the fan likes and comments on, and another creator
 * with one post the fan likes: trending tags (#clubnight first), trending posts and the week's
 * top creators once the discover job has run. `suffix` keeps usernames apart between runs.
 */
export async function seedDiscover(serverUrl: string, suffix: string): Promise<DiscoverSeed> {
  const [creator, other, fan] = await Promise.all([
    signInOverHttp(serverUrl),
    signInOverHttp(serverUrl),
    signInOverHttp(serverUrl),
  ]);
  const creatorUsername = `nova_${suffix}`;
  const creatorName = 'Nova Rooftop';
  await call(serverUrl, 'PATCH', '/api/users/me', creator, {
    username: creatorUsername,
    displayName: creatorName,
    bio: 'Sunsets, synths and rooftops.',
  });
  await call(serverUrl, 'PATCH', '/api/users/me', other, {
    username: `kai_${suffix}`,
    displayName: 'Kai Waves',
  });
  const main = await post(serverUrl, creator, DISCOVER_POST_TEXT);
  const second = await post(serverUrl, creator, 'Warm-up set tonight #clubnight #synthwave');
  const third = await post(serverUrl, creator, 'Who is coming? #ClubNight');
  const elsewhere = await post(serverUrl, other, 'Low tide, high vibes #sunset #ocean');
  for (const id of [main.id, second.id, third.id, elsewhere.id]) await like(serverUrl, fan, id);
  await call(serverUrl, 'POST', `/api/messages/${main.id}/comments`, fan, {
    content: 'See you up there!',
  });
  return { creator, other, fan, postId: main.id, creatorName, creatorUsername };
}
