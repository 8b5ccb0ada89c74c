import { useEffect } from 'react';

/** Sets the tab title while a page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the product's name, in every language
    document.title = `${title} · Dum Club`;
  }, [title]);
}
