import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { AppLayout } from './app-layout.tsx';
import { Footer } from './footer.tsx';
import { ReplitBanner } from './replit-banner.tsx';

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="*" element={<p>page body</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AppLayout', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    // jsdom does not implement scrolling; the layout scrolls to the top on a new page.
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has the sidebar with seven entries and the bottom bar with the first four', () => {
    renderAt('/');
    const [sidebar, bottom] = screen.getAllByRole('navigation', { name: 'Main' });
    expect(
      within(sidebar!)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Feed',
      'My Vaults',
      'Mystery Vaults',
      'Time Capsules',
      'Messages',
      'Analytics',
      'Profile',
    ]);
    expect(
      within(bottom!)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/', '/my-vaults', '/mystery-vaults', '/time-capsules']);
    expect(screen.getByText('Integration Preview • X / Instagram')).toBeDefined();
    expect(screen.getByRole('main').textContent).toBe('page body');
  });

  it.each([
    ['/', 'Feed'],
    ['/profile/9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', 'Profile'],
    ['/my-vaults', 'My Vaults'],
  ])('marks the active entry on %s with aria-current', (path, label) => {
    renderAt(path);
    const current = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent);
    // Sidebar and (for the first four) bottom bar.
    expect(new Set(current)).toEqual(new Set([label]));
  });

  it('links Discover, Reels and Create from the bars, and marks the one open', () => {
    renderAt('/reels');
    // The top bar (wide screens) has all three; the phone header Discover (search) alone.
    expect(
      screen.getAllByRole('link', { name: 'Discover' }).map((a) => a.getAttribute('href')),
    ).toEqual(['/discover', '/discover']);
    expect(screen.getByRole('link', { name: 'Create' }).getAttribute('href')).toBe('/create');
    expect(screen.getByRole('link', { name: 'Reels' }).getAttribute('aria-current')).toBe('page');
  });

  it('marks nothing active on a page outside the navigation', () => {
    renderAt('/terms');
    expect(screen.queryAllByRole('link', { current: 'page' })).toEqual([]);
  });

  it('shows the DUM token box with zeros and a Stake Tokens button', () => {
    renderAt('/');
    const box = screen.getByRole('region', { name: 'DUM Token' });
    expect(within(box).getAllByText('0')).toHaveLength(3);
    expect(within(box).getByRole('button', { name: 'Stake Tokens' })).toBeDefined();
  });
});

describe('Footer', () => {
  it('shows the brand, the badge, the legal links, the year and the test-network line', () => {
    render(
      <MemoryRouter>
        <Footer year={2031} />
      </MemoryRouter>,
    );
    expect(screen.getByText('DevNet Preview')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
    expect(screen.getByText(/© 2031 Dum Club/)).toBeDefined();
    expect(
      screen.getByText('DevNet Preview • Test tokens only • No real monetary value'),
    ).toBeDefined();
  });
});

describe('ReplitBanner', () => {
  it('warns on Replit domains only', () => {
    const { rerender } = render(<ReplitBanner hostname="dum-club.alice.replit.dev" />);
    expect(screen.getByRole('alert').textContent).toContain('Testing is disabled');
    expect(screen.getByRole('alert').textContent).toContain('Railway');
    rerender(<ReplitBanner hostname="dum.up.railway.app" />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<ReplitBanner hostname="localhost" />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
