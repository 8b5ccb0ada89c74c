import { describe, expect, it } from 'vitest';
import { replyAccess, replyPolicyNote } from './reply-policy.ts';
import { makePost } from './test-kit.tsx';

describe('who may reply', () => {
  const me = { userId: 'me', wallet: 'MeWallet' };

  it('says nothing for everyone; names the author or “you” otherwise', () => {
    expect(replyPolicyNote('everyone', 'Ada', false)).toBeNull();
    expect(replyPolicyNote('following', 'Ada', false)).toBe('Only people Ada follows can reply.');
    expect(replyPolicyNote('following', 'Ada', true)).toBe('Only people you follow can reply.');
    expect(replyPolicyNote('mentioned', 'Ada', false)).toBe('Only people Ada mentioned can reply.');
    expect(replyPolicyNote('mentioned', 'Ada', true)).toBe('Only people you mentioned can reply.');
  });

  it('lets the author in always, a mentioned wallet in a “mentioned” post, nobody signed out', () => {
    const mention = { address: 'MeWallet', username: null, start: 0, end: 3 };
    expect(replyAccess(makePost(), me)).toBe('yes');
    expect(replyAccess(makePost({ replyPolicy: 'following' }), me)).toBe('unknown');
    expect(replyAccess(makePost({ replyPolicy: 'mentioned' }), me)).toBe('no');
    expect(replyAccess(makePost({ replyPolicy: 'mentioned', mentions: [mention] }), me)).toBe(
      'yes',
    );
    const own = makePost({ replyPolicy: 'mentioned' });
    expect(replyAccess(own, { userId: own.author.id, wallet: 'x' })).toBe('yes');
    expect(replyAccess(makePost(), { userId: null, wallet: null })).toBe('no');
  });
});
