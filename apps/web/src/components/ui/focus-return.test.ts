import { afterEach, describe, expect, it } from 'vitest';
import { focusReturnTarget } from './focus-return.ts';

describe('focusReturnTarget', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function page(): { main: HTMLElement; button: HTMLButtonElement } {
    document.body.innerHTML = '<main id="main" tabindex="-1"><button>Support</button></main>';
    return {
      main: document.getElementById('main') as HTMLElement,
      button: document.querySelector('button') as HTMLButtonElement,
    };
  }

  it('is the opener while it is in the page and enabled', () => {
    const { button } = page();
    expect(focusReturnTarget(button)).toBe(button);
  });

  it('is the main region when the opener was removed, disabled, inert or nothing', () => {
    const { main, button } = page();
    button.disabled = true;
    expect(focusReturnTarget(button)).toBe(main);
    button.disabled = false;
    main.setAttribute('inert', '');
    expect(focusReturnTarget(button)).toBe(main);
    main.removeAttribute('inert');
    button.remove();
    expect(focusReturnTarget(button)).toBe(main);
    expect(focusReturnTarget(null)).toBe(main);
    expect(focusReturnTarget(document.body)).toBe(main);
  });
});
