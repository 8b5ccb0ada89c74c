import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Link, MemoryRouter } from 'react-router';
import {
  PENDING_REFERRAL_KEY,
  captureReferralCode,
  clearPendingReferralCode,
  getPendingReferralCode,
  referralCodeFromSearch,
  useReferralCapture,
} from './referral-capture.ts';

function Capture() {
  useReferralCapture();
  return <Link to="/posts/7?ref=NEWC0DE9">shared post</Link>;
}

describe('referral capture', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('reads a valid ref code from a query string', () => {
    expect(referralCodeFromSearch('?ref=ABCD2345')).toBe('ABCD2345');
    expect(referralCodeFromSearch('?foo=1&ref=ABCD2345')).toBe('ABCD2345');
    expect(referralCodeFromSearch('')).toBeNull();
    expect(referralCodeFromSearch('?ref=')).toBeNull();
    expect(referralCodeFromSearch('?ref=a')).toBeNull();
    expect(referralCodeFromSearch('?ref=%3Cscript%3E')).toBeNull();
    expect(referralCodeFromSearch(`?ref=${'A'.repeat(33)}`)).toBeNull();
  });

  it("stores it under 'dum.ref' until the sign-in flow clears it", () => {
    expect(getPendingReferralCode()).toBeNull();
    expect(captureReferralCode('?ref=ABCD2345')).toBe('ABCD2345');
    expect(window.localStorage.getItem(PENDING_REFERRAL_KEY)).toBe('ABCD2345');
    expect(PENDING_REFERRAL_KEY).toBe('dum.ref');
    expect(getPendingReferralCode()).toBe('ABCD2345');
    // A URL without a code leaves the stored one alone; a newer link replaces it.
    expect(captureReferralCode('?page=2')).toBeNull();
    expect(getPendingReferralCode()).toBe('ABCD2345');
    captureReferralCode('?ref=ZZZZ9999');
    expect(getPendingReferralCode()).toBe('ZZZZ9999');
    clearPendingReferralCode();
    expect(getPendingReferralCode()).toBeNull();
  });

  it('ignores a tampered stored value', () => {
    window.localStorage.setItem(PENDING_REFERRAL_KEY, 'not a code!');
    expect(getPendingReferralCode()).toBeNull();
  });

  it('captures on arrival and on in-app navigation', async () => {
    const user = userEvent.setup();
    const { getByRole } = render(
      <MemoryRouter initialEntries={['/?ref=FIRST234']}>
        <Capture />
      </MemoryRouter>,
    );
    expect(getPendingReferralCode()).toBe('FIRST234');
    await user.click(getByRole('link', { name: 'shared post' }));
    expect(getPendingReferralCode()).toBe('NEWC0DE9');
  });
});
