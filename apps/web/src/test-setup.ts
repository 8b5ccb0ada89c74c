import { i18n } from '@lingui/core';
import { destroyAnnouncer } from '@react-aria/live-announcer';
import { cleanup, configure } from '@testing-library/react';
import { twMerge } from 'tailwind-merge';
import { afterEach, beforeAll, vi } from 'vitest';
import type * as ClassNames from './lib/cn.ts';
import type * as TestingLibrary from '@testing-library/react';

afterEach(() => {
  cleanup();
  // The toasts' announcer keeps its live regions in <body>, and what they said for seven
  // seconds: each test starts without them (and a test that empties <body> finds none there).
  destroyAnnouncer();
});

// findBy* and waitFor wait 1 s by default: a render that takes longer while another test file
// runs beside this one (two workers on two cores) is slow, not wrong.
configure({ asyncUtilTimeout: 5000 });

// cn joins classes without resolving conflicts: a render that puts two utilities for the same
// property on one element (which of them wins depends on the stylesheet's order, not on the
// class list) fails its test.
vi.mock('./lib/cn.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ClassNames>();
  return {
    cn(...inputs: Parameters<typeof actual.cn>): string {
      const joined = actual.cn(...inputs);
      const kept = new Set(twMerge(joined).split(' '));
      const overridden = joined.split(/\s+/).filter((name) => name && !kept.has(name));
      if (overridden.length > 0) {
        console.error(
          `cn: conflicting classes (${overridden.join(', ')} overridden) in "${joined}"`,
        );
      }
      return joined;
    },
  };
});

// Every render speaks English, as the app does by default, inside Lingui's provider (the app's
// own is in app.tsx); a test of another language activates it (lib/i18n's activateLocale).
i18n.loadAndActivate({ locale: 'en', messages: {} });
afterEach(() => {
  if (i18n.locale !== 'en') i18n.loadAndActivate({ locale: 'en', messages: {} });
});
vi.mock('@testing-library/react', async (importOriginal) => {
  const actual = await importOriginal<typeof TestingLibrary>();
  const { createElement } = await import('react');
  const { I18nProvider } = await import('@lingui/react');
  type Wrapper = React.JSXElementConstructor<{ children: React.ReactNode }>;
  function withI18n(Inner?: Wrapper): Wrapper {
    return function I18nWrapper({ children }) {
      const inner = Inner ? createElement(Inner, null, children) : children;
      return createElement(I18nProvider, { i18n }, inner);
    };
  }
  function render(ui: React.ReactNode, options?: TestingLibrary.RenderOptions) {
    return actual.render(ui, { ...options, wrapper: withI18n(options?.wrapper) });
  }
  const renderHook: typeof actual.renderHook = (callback, options) =>
    actual.renderHook(callback, { ...options, wrapper: withI18n(options?.wrapper) });
  return { ...actual, render: render as unknown as typeof actual.render, renderHook };
});

// Most test files share one module graph and one window per worker (vitest.config.ts): each
// starts as if it were the first, with nothing kept in storage and the page at '/'. What a file
// leaves in a module (a toast, a registered burner wallet) is that file's own to clean up. A
// file in the node environment has no window.
beforeAll(() => {
  if (typeof window === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
