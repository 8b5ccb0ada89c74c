import { findMentionCandidates, MENTION_NOTIFY_MAX, type Mention } from '@dum/core';
import type { Queryable } from '../../db/prepared.ts';
import { notBlockedEitherWay } from './repo.ts';
import { mutingWallets } from './muted-words.ts';

/**
 * Mentions (docs/api.md "Mentions"): core finds the `@name`s in a text; this resolves them to
 * wallets when the text is written (a name nobody holds stays plain text, and a later rename
 * does not move a mention), and says which mentioned wallets are told.
 */

export interface ResolvedMentions {
  /** Every resolved mention, in the text's order, as the item stores and answers it. */
  mentions: Mention[];
  /** The mentioned wallets' ids, each once, in order of first mention. */
  userIds: string[];
}

interface MentionedRow {
  id: string;
  sol_address: string;
  username: string | null;
}

/** The text's mentions, resolved to the wallets that hold those usernames and addresses now. */
export async function resolveMentions(db: Queryable, text: string): Promise<ResolvedMentions> {
  const candidates = findMentionCandidates(text);
  if (candidates.length === 0) return { mentions: [], userIds: [] };
  const names = candidates.filter((c) => c.kind === 'username').map((c) => c.value);
  const addresses = candidates.filter((c) => c.kind === 'address').map((c) => c.value);
  const { rows } = await db.query<MentionedRow>({
    name: 'people_resolve_mentions',
    text: `select id, sol_address, username from users
      where lower(username) = any($1::text[]) or sol_address = any($2::text[])`,
    values: [[...new Set(names)], [...new Set(addresses)]],
  });
  const byName = new Map<string, MentionedRow>();
  const byAddress = new Map<string, MentionedRow>();
  for (const row of rows) {
    if (row.username !== null) byName.set(row.username.toLowerCase(), row);
    byAddress.set(row.sol_address, row);
  }
  const mentions: Mention[] = [];
  const userIds = new Set<string>();
  for (const candidate of candidates) {
    const row = (candidate.kind === 'username' ? byName : byAddress).get(candidate.value);
    if (!row) continue;
    mentions.push({
      address: row.sol_address,
      username: row.username,
      start: candidate.start,
      end: candidate.end,
    });
    userIds.add(row.id);
  }
  return { mentions, userIds: [...userIds] };
}

/**
 * Of the wallets a text mentions, those told: the first MENTION_NOTIFY_MAX others than the
 * writer, without a block either way between them and the writer, and not muting a word the
 * text holds.
 */
export async function mentionRecipients(
  db: Queryable,
  args: { authorId: string; userIds: string[]; text: string; now: Date },
): Promise<string[]> {
  const candidates = args.userIds.filter((id) => id !== args.authorId).slice(0, MENTION_NOTIFY_MAX);
  if (candidates.length === 0) return [];
  const { rows } = await db.query<{ id: string }>({
    name: 'people_mention_unblocked',
    text: `select m.id from unnest($2::uuid[]) with ordinality as m(id, n)
      where ${notBlockedEitherWay('$1::uuid', 'm.id')}
      order by m.n`,
    values: [args.authorId, candidates],
  });
  const muting = await mutingWallets(db, {
    userIds: rows.map((row) => row.id),
    text: args.text,
    now: args.now,
  });
  return rows.map((row) => row.id).filter((id) => !muting.has(id));
}
