import type { Messages } from '@lingui/core';

/** Every Spanish catalogue (the features', the API errors' and the app frame's), merged into one chunk. */
const catalogues = import.meta.glob<Messages>(
  ['../features/*/locales/es.po', '../lib/api-errors/locales/es.po', './es.po'],
  {
    eager: true,
    import: 'messages',
  },
);

export const messages: Messages = Object.values(catalogues).reduce<Messages>(
  (all, catalogue) => Object.assign(all, catalogue),
  {},
);
