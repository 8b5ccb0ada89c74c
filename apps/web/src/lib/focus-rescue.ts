/**
 * Keeps keyboard focus from falling to the document body when the element that had it goes
 * away: the wallet modal's opener turns into the signed-in composer, a post's Support button
 * goes once the vault unlocks, a link inside the page is replaced by the page it opened. Once
 * the element that last had focus is removed or disabled and nothing else has focus, `fallback`
 * (the page's main region) takes it, so Tab goes on from the page rather than from the top and
 * a screen reader is not left on nothing.
 *
 * Checked a task after the change, so a dialog that returns focus itself (Radix does, in a
 * timeout of its own) has done so first.
 */
export function rescueLostFocus(doc: Document, fallback: () => HTMLElement | null): () => void {
  let last: Element | null = null;
  // The dialog the focused element was in: focus lost inside a dialog stays in it (its trap
  // would otherwise fight the page's main region for it).
  let lastDialog: HTMLElement | null = null;
  let pending: ReturnType<typeof setTimeout> | undefined;

  const onFocusIn = (event: FocusEvent) => {
    last = event.target instanceof Element ? event.target : null;
    lastDialog = last?.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]') ?? null;
  };
  const gone = () => last !== null && (!last.isConnected || (last as HTMLButtonElement).disabled);
  const lost = () => gone() && (doc.activeElement === null || doc.activeElement === doc.body);
  const check = () => {
    pending = undefined;
    if (!lost()) return;
    last = null;
    const target = lastDialog?.isConnected ? lastDialog : fallback();
    target?.focus({ preventScroll: true });
  };
  const observer = new MutationObserver(() => {
    // The browser may move focus off a control it disabled only later: checked in the task.
    if (gone() && pending === undefined) pending = setTimeout(check, 0);
  });

  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
    clearTimeout(pending);
  };
}
