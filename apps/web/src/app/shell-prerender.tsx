import { renderToStaticMarkup } from 'react-dom/server';
import { i18n, SOURCE_LOCALE } from '../lib/i18n/index.ts';
import { App } from './app.tsx';

/**
 * Build time only (build/prerender-shell.ts): the app's first render for a visitor with nothing
 * stored, as static HTML for index.html's root. It runs in a DOM emulation whose URL matches no
 * navigation entry, so the page slot holds the page skeleton and no link is marked current: the
 * same markup serves every route until React replaces it.
 */
export function renderShell(): string {
  // In English, the source locale, whose texts need no catalogue; the page switches to another
  // language, if the reader's is another, when it starts.
  i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: {} });
  return renderToStaticMarkup(<App />);
}
