import { describe, expect, it } from 'vitest';
import { FALLBACK_PUSH, notificationTarget, readPushPayload } from './push-payload.ts';

const ORIGIN = 'https://dum.example';

describe('readPushPayload', () => {
  it('reads the title, body, url and tag', () => {
    const text = JSON.stringify({
      title: 'New message',
      body: 'gm',
      url: '/messages/abc',
      tag: 't',
    });
    expect(readPushPayload(text)).toEqual({
      title: 'New message',
      body: 'gm',
      url: '/messages/abc',
      tag: 't',
    });
  });

  it('leaves the tag out when there is none and opens the start page without a url', () => {
    expect(readPushPayload(JSON.stringify({ title: 'Hi', body: '' }))).toEqual({
      title: 'Hi',
      body: '',
      url: '/',
    });
  });

  it('falls back on a missing, malformed or incomplete payload', () => {
    expect(readPushPayload(null)).toBe(FALLBACK_PUSH);
    expect(readPushPayload('not json')).toBe(FALLBACK_PUSH);
    expect(readPushPayload('"a string"')).toBe(FALLBACK_PUSH);
    expect(readPushPayload('null')).toBe(FALLBACK_PUSH);
    expect(readPushPayload(JSON.stringify({ body: 'no title', url: '/' }))).toBe(FALLBACK_PUSH);
    expect(readPushPayload(JSON.stringify({ title: '  ', body: 'blank title' }))).toBe(
      FALLBACK_PUSH,
    );
    expect(readPushPayload(JSON.stringify({ title: 'x', body: 42 }))).toBe(FALLBACK_PUSH);
  });

  it('cuts an overlong title and body', () => {
    const payload = readPushPayload(
      JSON.stringify({ title: 't'.repeat(500), body: 'b'.repeat(2000), url: '/' }),
    );
    expect(payload.title).toHaveLength(120);
    expect(payload.body).toHaveLength(500);
  });
});

describe('notificationTarget', () => {
  it('resolves a path against the origin', () => {
    expect(notificationTarget('/messages/abc?x=1', ORIGIN)).toBe(`${ORIGIN}/messages/abc?x=1`);
    expect(notificationTarget(`${ORIGIN}/posts/7`, ORIGIN)).toBe(`${ORIGIN}/posts/7`);
  });

  it('never leads out of the app', () => {
    expect(notificationTarget('https://evil.example/phish', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget('javascript:alert(1)', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget(undefined, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget(42, ORIGIN)).toBe(`${ORIGIN}/`);
  });
});
