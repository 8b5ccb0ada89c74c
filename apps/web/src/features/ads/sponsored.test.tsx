import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PostCard } from '../post/index.ts';
import {
  json,
  makePost,
  memberViewer,
  mockApi,
  renderWithProviders,
  requestPath,
  resetFeedTestState,
  WALLET,
} from '../post/test-kit.tsx';

describe('a sponsored post card', () => {
  afterEach(() => resetFeedTestState());

  it("says Sponsored, offers 'Hide this ad', and reports a click when its post is opened", async () => {
    const api = mockApi({
      'POST /api/ads/campaigns/7/hide': () => json({ hidden: true }),
      'POST /api/ads/campaigns/7/click': () => json({ counted: true, chargedLamports: '0' }),
    });
    const post = makePost({ sponsored: { campaignId: '7' } });
    renderWithProviders(
      <PostCard post={post} viewer={memberViewer('viewer', WALLET)} referralCode={null} />,
    );
    const card = screen.getByRole('article');
    expect((await within(card).findByTestId('sponsored-label')).textContent).toBe('Sponsored');

    await userEvent.click(within(card).getByRole('link', { name: /ago/ }));
    await waitFor(() => {
      expect(api.mock.calls.some(([url]) => requestPath(url).endsWith('/campaigns/7/click'))).toBe(
        true,
      );
    });

    await userEvent.click(within(card).getByRole('button', { name: 'Ad options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Hide this ad' }));
    await screen.findByText('Ad hidden');
    expect(api.mock.calls.some(([url]) => requestPath(url).endsWith('/campaigns/7/hide'))).toBe(
      true,
    );
  });

  it('is an ordinary card without the marker', () => {
    renderWithProviders(
      <PostCard post={makePost()} viewer={memberViewer('viewer', WALLET)} referralCode={null} />,
    );
    expect(screen.queryByTestId('sponsored-label')).toBeNull();
  });
});
