/**
 * Which conversation is on screen: the messages screen sets it while a thread is open, and the
 * socket's 'New Message' toast is left out for a message that lands in it while the page is
 * visible (the thread shows it at once).
 */

let openThreadAddress: string | null = null;

/** Marks the thread with `address` open; the returned function closes it (if still the one). */
export function openThread(address: string): () => void {
  openThreadAddress = address;
  return () => {
    if (openThreadAddress === address) openThreadAddress = null;
  };
}

/** Whether the thread with `address` is open in a visible page. */
export function isThreadOnScreen(address: string): boolean {
  return openThreadAddress === address && document.visibilityState === 'visible';
}
