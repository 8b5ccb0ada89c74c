import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './features/pwa/index.ts';
import { activateLocale, initialLocale, SOURCE_LOCALE } from './lib/i18n/index.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The page's language first (a catalogue to load unless it is English, whose texts are in the
// code; English if that load fails, so the page always starts), then the first render as a
// transition: React renders the app in slices of a few milliseconds, yielding to the browser
// between them, instead of one long task that blocks input while the prerendered shell is on
// screen. The shell stays until the commit replaces it.
void activateLocale(initialLocale())
  .catch(() => activateLocale(SOURCE_LOCALE))
  .then(() => {
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });

// The installable app's service worker, once the page has loaded.
registerServiceWorker();
