/**
 * Mentions and muted words as text rules (zod-free, so the web app's composer and cards can use
 * them without zod) (docs/api.md "Conversation"). Pure: the server resolves the names these find
 * to wallets, and filters reads with the matcher.
 */

/** Letters, digits and underscores in any script: what a mention or muted word may not touch. */
const WORD_CHAR = String.raw`[\p{L}\p{N}_]`;

/**
 * `@` not preceded by a word character (so `a@b.com` is no mention) nor by another `@`, then a
 * run of ASCII letters, digits and underscores not followed by a word character. The run is a
 * username (3–20, compared lower-cased, as USERNAME_PATTERN) or a full base58 address (32–44);
 * anything else is left as plain text.
 */
const MENTION_PATTERN = new RegExp(
  String.raw`(?<![\p{L}\p{N}_@])@([A-Za-z0-9_]{3,44})(?!${WORD_CHAR})`,
  'gu',
);
const MENTION_USERNAME = /^[A-Za-z0-9_]{3,20}$/;
const MENTION_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** A mention as written, before it is resolved: `start`/`end` are JS string indices (end exclusive). */
export interface MentionCandidate {
  kind: 'username' | 'address';
  /** The lower-cased username, or the address exactly as written (addresses are case-sensitive). */
  value: string;
  start: number;
  end: number;
}

/** Every `@username` and `@address` in the text, in order (a name written twice appears twice). */
export function findMentionCandidates(text: string): MentionCandidate[] {
  const found: MentionCandidate[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const name = match[1] ?? '';
    const start = match.index;
    const end = start + 1 + name.length;
    if (MENTION_USERNAME.test(name)) {
      found.push({ kind: 'username', value: name.toLowerCase(), start, end });
    } else if (MENTION_ADDRESS.test(name)) {
      found.push({ kind: 'address', value: name, start, end });
    }
  }
  return found;
}

/**
 * The `@` prefix being typed at the caret, for the composer's autocomplete: the text after the
 * `@` (possibly empty) and where the `@` is; null when the caret is not in a mention.
 */
export function mentionQueryAt(
  text: string,
  caret: number,
): { prefix: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = /(?<![\p{L}\p{N}_@])@([A-Za-z0-9_]{0,20})$/u.exec(before);
  if (!match) return null;
  return { prefix: match[1] ?? '', start: match.index };
}

/** A muted word as stored and compared: trimmed, inner whitespace as one space, lower-cased. */
export function normaliseMutedWord(word: string): string {
  return word.trim().replace(/\s+/gu, ' ').toLowerCase();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * A test for "this text contains one of these words or phrases", whole-word and ignoring case:
 * muting "sol" hides "SOL is up" but not "solana". Null when there is nothing to match.
 */
export function mutedWordMatcher(words: readonly string[]): ((text: string) => boolean) | null {
  const parts = words
    .map(normaliseMutedWord)
    .filter((word) => word !== '')
    .map((word) =>
      word
        .split(' ')
        .map(escapeRegExp)
        .join(String.raw`\s+`),
    );
  if (parts.length === 0) return null;
  const pattern = new RegExp(
    String.raw`(?<!${WORD_CHAR})(?:${parts.join('|')})(?!${WORD_CHAR})`,
    'iu',
  );
  return (text) => pattern.test(text);
}
