import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotificationMenu, unreadLabel } from './notification-menu.tsx';
import {
  addNotification,
  emptyNotifications,
  markAllRead,
  type Notification,
} from './notifications.ts';

const support: Notification = {
  id: 'a',
  event: {
    type: 'vault_support',
    data: { vaultId: '12', support: { supporterId: 'u2', amount: '250000000' } },
  },
  text: { title: 'Vault Supported', description: 'Someone vaulted 0.2500 SOL' },
  href: '/vaults/12',
  receivedAt: Date.now() - 120_000,
};
const follower: Notification = {
  id: 'b',
  event: {
    type: 'user_followed',
    data: {
      followingId: 'u1',
      followerName: 'vibes',
      followerAddress: 'Fo11ower1111111111111111111111111111111111',
    },
  },
  text: { title: 'New Follower', description: 'vibes followed you' },
  href: '/profile',
  receivedAt: Date.now(),
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The menu over a real notification state, as the provider keeps it. */
function Harness({ initial }: { initial: Notification[] }) {
  const [state, setState] = useState(() =>
    initial.reduceRight(addNotification, emptyNotifications),
  );
  return (
    <MemoryRouter initialEntries={['/']}>
      <NotificationMenu {...state} status="open" markAllRead={() => setState(markAllRead)} />
      <button
        type="button"
        onClick={() =>
          setState((current) =>
            addNotification(current, { ...follower, id: 'late', receivedAt: Date.now() + 1 }),
          )
        }
      >
        arrive
      </button>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>
  );
}

describe('the notification bell', () => {
  it('shows the unread count, lists the latest first, and marks them read when opened', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[follower, support]} />);
    const bell = screen.getByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell.textContent).toContain('2');

    await user.click(bell);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.font-medium')?.textContent)).toEqual([
      'New Follower',
      'Vault Supported',
    ]);
    expect(items[1]?.textContent).toContain('Someone vaulted 0.2500 SOL');
    expect(items[1]?.textContent).toContain('2m ago');
    // Both were unread when the list opened: they keep their dot, the bell's count is gone.
    expect(screen.getAllByLabelText('unread')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Notifications' }).textContent).not.toContain('2');
    expect(screen.getByRole('status').textContent).toContain('Live');
  });

  it('leads to what the notification is about and closes', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[support]} />);
    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('link', { name: /Vault Supported/ }));
    expect(screen.getByTestId('where').textContent).toContain('/vaults/12');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('marks what arrives while the list is open as read, with its dot; reopened, no dots', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[support]} />);
    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    fireEvent.click(screen.getByRole('button', { name: 'arrive', hidden: true }));
    const list = await screen.findByRole('list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByLabelText('unread')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy();

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(within(await screen.findByRole('list')).queryAllByLabelText('unread')).toHaveLength(0);
  });

  it('has a designed empty state', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[]} />);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No notifications yet')).toBeTruthy();
  });

  it('caps the count at 9+', () => {
    expect(unreadLabel(3)).toBe('3');
    expect(unreadLabel(9)).toBe('9');
    expect(unreadLabel(10)).toBe('9+');
    expect(unreadLabel(50)).toBe('9+');
  });
});

describe('the notification menu in Spanish', () => {
  it('speaks the active language, in the list and in the event texts', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    const { toastForEvent } = await import('./notifications.ts');
    await act(() => activateLocale('es'));
    render(<Harness initial={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Notificaciones' }));
    expect(await screen.findByText('Aún no hay notificaciones')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('En vivo');
    expect(toastForEvent(follower.event, 'u1', String)).toEqual({
      title: 'Nuevo seguidor',
      description: 'vibes te siguió',
    });
  });
});
