/**
 * Where focus goes when a dialog closes: back to the element that had it when the dialog
 * opened (the button that opened it), as long as that element is still in the page and can take
 * focus; otherwise the page's main region, so a keyboard user goes on from the page rather than
 * from the top of the document.
 *
 * Radix returns focus only to a `Dialog.Trigger`; most of this app's dialogs are opened from
 * state (a Support button, the wallet control, a lazily loaded dialog), so it does it here.
 */
export function focusReturnTarget(
  opener: Element | null,
  doc: Document = document,
): HTMLElement | null {
  if (opener instanceof HTMLElement && opener.isConnected && canTakeFocus(opener)) return opener;
  return doc.getElementById('main');
}

function canTakeFocus(element: HTMLElement): boolean {
  if (element === element.ownerDocument.body) return false;
  if ((element as HTMLButtonElement).disabled || element.closest('[inert]')) return false;
  // Not rendered (display: none on it or an ancestor): nothing to return to.
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}
