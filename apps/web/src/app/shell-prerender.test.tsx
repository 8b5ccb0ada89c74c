import { afterEach, describe, expect, it } from 'vitest';
import { renderShell } from './shell-prerender.tsx';

/** The markup build/prerender-shell.ts puts into index.html's root. */
describe('renderShell', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is the layout a fresh visitor first sees: navigation, wallet button, token box, page skeleton, footer', () => {
    // The build renders it at a path no navigation entry matches.
    window.history.replaceState(null, '', '/loading');
    const markup = renderShell();
    const root = document.createElement('div');
    root.innerHTML = markup;

    expect(root.firstElementChild?.tagName).toBe('DIV');
    const sidebar = root.querySelectorAll('nav[aria-label="Main"]')[0]!;
    expect([...sidebar.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Feed',
      'My Vaults',
      'Mystery Vaults',
      'Time Capsules',
      'Messages',
      'Analytics',
      'Profile',
    ]);
    // One markup for every route: no link is the current page.
    expect(root.querySelector('[aria-current]')).toBeNull();
    expect([...root.querySelectorAll('button')].map((button) => button.textContent.trim())).toEqual(
      ['Stake Tokens', 'Connect Wallet', 'Connect Wallet'],
    );
    expect(root.querySelector('[role="status"]')?.textContent).toContain('Loading page…');
    expect(root.textContent).toContain(
      'DevNet Preview • Test tokens only • No real monetary value',
    );
    // Nothing that depends on the visitor or the server: no halving banner, zero balances.
    expect(root.querySelector('[data-testid="halving-banner"]')).toBeNull();
    expect([...root.querySelectorAll('dd')].map((value) => value.textContent)).toEqual([
      '0 DUM',
      '0 DUM',
      '0 DUM',
    ]);
  });
});
