import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rescueLostFocus } from './focus-rescue.ts';

/** Waits for the observer's callback and the task it schedules. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('rescueLostFocus', () => {
  let stop: () => void;
  let main: HTMLElement;

  beforeEach(() => {
    document.body.innerHTML =
      '<main id="main" tabindex="-1"><button id="a">Connect Wallet</button><button id="b">Post</button></main>';
    main = document.getElementById('main') as HTMLElement;
    stop = rescueLostFocus(document, () => document.getElementById('main'));
  });

  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  const button = (id: string) => document.getElementById(id) as HTMLButtonElement;

  it('moves focus to main when the focused element is removed', async () => {
    button('a').focus();
    button('a').remove();
    await settle();
    expect(document.activeElement).toBe(main);
  });

  it('moves focus to main when the focused button is disabled and focus fell to the body', async () => {
    button('b').focus();
    // A browser moves focus off a control that becomes disabled; jsdom does not, so this
    // does it first.
    button('b').blur();
    button('b').disabled = true;
    await settle();
    expect(document.activeElement).toBe(main);
  });

  it('leaves focus alone when something else already took it', async () => {
    button('a').focus();
    button('b').focus();
    button('a').remove();
    await settle();
    expect(document.activeElement).toBe(button('b'));
  });

  it('leaves focus alone when it was moved elsewhere before the check', async () => {
    button('a').focus();
    button('a').remove();
    // As a closing dialog does in its own timeout: focus back to its opener.
    button('b').focus();
    await settle();
    expect(document.activeElement).toBe(button('b'));
  });

  it('does nothing once stopped', async () => {
    stop();
    button('a').focus();
    button('a').remove();
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
