import { timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { MediaAccess, MediaAccessCheck } from '../media/index.ts';
import { readMediaVault } from './repo.ts';

/**
 * GET /media/<name>: whether a stored file may be served to this request. Files of a locked
 * vault are 'hidden' (404) from everyone but the creator, who is recognised by their bearer
 * token or by the vault's media key in `?key=`; those answers are 'private' (not cached by
 * shared caches). Everything else is 'public'.
 */
export async function mediaAccess(
  pool: pg.Pool,
  args: { name: string; key: string | undefined; viewerId: string | null },
): Promise<MediaAccess> {
  const vault = await readMediaVault(pool, args.name);
  if (!vault || vault.status !== 'active') return 'public';
  if (args.viewerId === vault.creator_id) return 'private';
  if (args.key && sameSecret(args.key, vault.media_key)) return 'private';
  return 'hidden';
}

/** The media slice's access check, answered by locked vaults (app.ts wires it). */
export function vaultMediaAccess(pool: pg.Pool): MediaAccessCheck {
  return (args) => mediaAccess(pool, args);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
