import { useCallback } from 'react';
import { AUTH_TOASTS } from '../auth/index.ts';
import { useViewer, useWalletPrompt } from '../auth/index.ts';

/** The attribute the signed-in composer's text box carries (composer.tsx). */
const COMPOSER_INPUT_ATTRIBUTE = 'data-composer-input';

/**
 * Brings the composer's text box into view and focuses it (smoothly unless the visitor prefers
 * reduced motion). False when there is no signed-in composer on the page.
 */
export function focusComposer(): boolean {
  const box = document.querySelector<HTMLTextAreaElement>(`[${COMPOSER_INPUT_ATTRIBUTE}]`);
  if (!box) return false;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  box.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  box.focus({ preventScroll: true });
  return true;
}

/**
 * 'Write a post' wherever the feed offers it (the welcome banner, the empty feed): signed in, to
 * the composer; with a wallet connected but not signed in, the sign-in; else the connect flow.
 */
export function useStartWriting(): () => void {
  const viewer = useViewer();
  const wallet = useWalletPrompt();
  const { isAuthenticated, signIn } = viewer;
  const { connected, connect } = wallet;
  return useCallback(() => {
    if (isAuthenticated) focusComposer();
    else if (connected) void signIn({ successToast: AUTH_TOASTS.readyToPost });
    else connect();
  }, [isAuthenticated, connected, signIn, connect]);
}
