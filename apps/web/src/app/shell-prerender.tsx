import { renderToStaticMarkup } from 'react-dom/server';
import { App } from './app.tsx';

/**
 * Build time only (build/prerender-shell.ts): the app's first render for a visitor with nothing
 * stored, as static HTML for index.html's root. It runs in a DOM emulation whose URL matches no
 * navigation entry, so the page slot holds the page skeleton and no link is marked current: the
 * same markup serves every route until React replaces it.
 */
export function renderShell(): string {
  return renderToStaticMarkup(<App />);
}
