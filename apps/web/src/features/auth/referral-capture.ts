import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Referral links open the app with `?ref=CODE` (GET /api/referrals/code). The code is kept until
 * the wallet signs in, when the sign-in flow sends it as `referralCode` with
 * POST /api/auth/challenge and then clears it. The server attaches a referrer once, to a new
 * wallet only, so a stale or reused code can do no harm.
 */
export const PENDING_REFERRAL_KEY = 'dum.ref';

/** Codes the server hands out are short and alphanumeric; anything else is not stored. */
const CODE = /^[A-Za-z0-9_-]{4,32}$/;

export function referralCodeFromSearch(search: string): string | null {
  const code = new URLSearchParams(search).get('ref')?.trim() ?? '';
  return CODE.test(code) ? code : null;
}

/** Stores the `ref` code of a URL's query string, if it has a valid one; a newer link wins. */
export function captureReferralCode(search: string): string | null {
  const code = referralCodeFromSearch(search);
  if (code === null) return null;
  try {
    window.localStorage.setItem(PENDING_REFERRAL_KEY, code);
  } catch {
    // Storage unavailable (private mode): the referral is lost, the app still works.
  }
  return code;
}

/** The code to send as `referralCode` with POST /api/auth/challenge, if any. */
export function getPendingReferralCode(): string | null {
  try {
    const code = window.localStorage.getItem(PENDING_REFERRAL_KEY);
    return code !== null && CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}

/** Called by the sign-in flow once a sign-in has succeeded. */
export function clearPendingReferralCode(): void {
  try {
    window.localStorage.removeItem(PENDING_REFERRAL_KEY);
  } catch {
    // Nothing stored.
  }
}

/** Captures `?ref=` on arrival and on every in-app navigation that carries one. */
export function useReferralCapture(): void {
  const { search } = useLocation();
  useEffect(() => {
    captureReferralCode(search);
  }, [search]);
}
