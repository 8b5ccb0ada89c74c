import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findMentionCandidates,
  mentionQueryAt,
  mutedWordMatcher,
  normaliseMutedWord,
} from './mentions.ts';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

describe('findMentionCandidates', () => {
  it('finds usernames (lower-cased) and full addresses with their JS string offsets', () => {
    const text = `hi @Alice_1 and @${ADDRESS}!`;
    expect(findMentionCandidates(text)).toEqual([
      { kind: 'username', value: 'alice_1', start: 3, end: 11 },
      { kind: 'address', value: ADDRESS, start: 16, end: 17 + ADDRESS.length },
    ]);
  });

  it('counts an emoji before the mention as two code units', () => {
    const text = '👋🏽 @bob';
    const [mention] = findMentionCandidates(text);
    expect(mention).toEqual({ kind: 'username', value: 'bob', start: 5, end: 9 });
    expect(text.slice(mention?.start, mention?.end)).toBe('@bob');
  });

  it('takes punctuation around a mention as its edges', () => {
    const found = findMentionCandidates('(@bob), "@carol". @dave\'s @eve:');
    expect(found.map((m) => m.value)).toEqual(['bob', 'carol', 'dave', 'eve']);
  });

  it('keeps each occurrence of a repeated name', () => {
    expect(findMentionCandidates('@bob @bob @BOB').map((m) => m.start)).toEqual([0, 5, 10]);
  });

  it('leaves what is no username or address as plain text', () => {
    expect(findMentionCandidates('mail bob@example.com')).toEqual([]);
    expect(findMentionCandidates('@ab is too short')).toEqual([]);
    expect(findMentionCandidates('@abcdefghijklmnopqrstu is 21')).toEqual([]);
    expect(findMentionCandidates('@bobé touches a letter')).toEqual([]);
    expect(findMentionCandidates('@@bob')).toEqual([]);
    expect(findMentionCandidates('@ bob')).toEqual([]);
    // 33 characters with a 0 (not base58) and longer than a username.
    expect(findMentionCandidates('@0xKXtg2CW87d97TXJSDpbD5jBkheTqA83')).toEqual([]);
  });

  it('answers spans that are exactly the @ and the name, for any text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const text = `${before} @bob_9 ${after}`;
        for (const m of findMentionCandidates(text)) {
          expect(text[m.start]).toBe('@');
          expect(text.slice(m.start + 1, m.end).toLowerCase()).toBe(m.value.toLowerCase());
        }
      }),
    );
  });
});

describe('mentionQueryAt', () => {
  it('finds the @ prefix at the caret', () => {
    expect(mentionQueryAt('hi @al', 6)).toEqual({ prefix: 'al', start: 3 });
    expect(mentionQueryAt('hi @', 4)).toEqual({ prefix: '', start: 3 });
    expect(mentionQueryAt('hi @al there', 12)).toBeNull();
    expect(mentionQueryAt('bob@al', 6)).toBeNull();
  });
});

describe('mutedWordMatcher', () => {
  it('matches whole words ignoring case', () => {
    const matches = mutedWordMatcher(['sol']);
    expect(matches?.('SOL is up')).toBe(true);
    expect(matches?.('to the sol.')).toBe(true);
    expect(matches?.('solana is up')).toBe(false);
    expect(matches?.('parasol')).toBe(false);
  });

  it('matches phrases across any whitespace, and words with symbols', () => {
    const matches = mutedWordMatcher(['good  morning', '#gm', 'c++']);
    expect(matches?.('Good\nmorning all')).toBe(true);
    expect(matches?.('good mornings')).toBe(false);
    expect(matches?.('#GM frens')).toBe(true);
    expect(matches?.('I like c++ a lot')).toBe(true);
  });

  it('is null when there is nothing to match', () => {
    expect(mutedWordMatcher([])).toBeNull();
    expect(mutedWordMatcher(['  '])).toBeNull();
  });

  it('normalises a word as it is stored', () => {
    expect(normaliseMutedWord('  Good \t Morning ')).toBe('good morning');
  });
});
