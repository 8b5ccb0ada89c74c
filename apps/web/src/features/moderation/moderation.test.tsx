import type { ModerationQueue, Report } from '@dum/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import {
  apiError,
  json,
  memberViewer,
  mockApi,
  renderWithProviders,
  resetFeedTestState,
  signedIn,
  signedOut,
  WALLET,
} from '../post/test-kit.tsx';
import { ModerationPage } from '../../pages/moderation-page.tsx';
import { MyReports } from './my-reports.tsx';
import { ReportDialog } from './report-dialog.tsx';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));

const REPORT: Report = {
  id: '7',
  targetKind: 'post',
  targetId: '42',
  reason: 'scam',
  note: null,
  status: 'removed',
  createdAt: new Date().toISOString(),
  decidedAt: new Date().toISOString(),
  snapshot: {
    body: 'free SOL here',
    imageUrl: null,
    audioUrl: null,
    createdAt: new Date().toISOString(),
    authorAddress: WALLET,
    authorName: 'Mallory',
  },
};

describe('moderation screens', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('asks for a reason, and for details with Other, then sends the report', async () => {
    const fetchMock = mockApi({
      'POST /api/reports': ({ body }) =>
        json({ ...REPORT, status: 'open', ...(body as object) }, 201),
      'GET /api/reports': () => json({ items: [] }),
    });
    const onOpenChange = vi.fn();
    renderWithProviders(
      <ReportDialog targetKind="post" targetId="42" open onOpenChange={onOpenChange} />,
    );
    const send = screen.getByRole('button', { name: 'Send report' });
    expect(send).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('radio', { name: /Other/ }));
    expect(send).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByRole('textbox', { name: /Details/ }), 'impersonates me');
    await userEvent.click(send);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({
      targetKind: 'post',
      targetId: '42',
      reason: 'other',
      note: 'impersonates me',
    });
  });

  it("shows the server's reason when a report is refused", async () => {
    mockApi({
      'POST /api/reports': () =>
        apiError(409, 'report_duplicate', 'You have already reported this.'),
    });
    renderWithProviders(
      <ReportDialog targetKind="wallet" targetId={WALLET} open onOpenChange={() => {}} />,
    );
    expect(screen.getByRole('heading', { name: 'Report this wallet' })).toBeDefined();
    await userEvent.click(screen.getByRole('radio', { name: /Spam/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already reported this.');
  });

  it('lists my reports with their decision, and says when there are none', async () => {
    mockApi({ 'GET /api/reports': () => json({ items: [REPORT] }) });
    const { unmount } = renderWithProviders(<MyReports viewer={memberViewer('u1', WALLET)} />);
    expect(await screen.findByText('Content removed')).toBeDefined();
    expect(screen.getByText('free SOL here')).toBeDefined();
    unmount();
    mockApi({ 'GET /api/reports': () => json({ items: [] }) });
    renderWithProviders(<MyReports viewer={memberViewer('u1', WALLET)} />);
    expect(await screen.findByText('No reports yet')).toBeDefined();
  });

  it('shows the not-found screen to a signed-in wallet that does not moderate, the queue to one that does', async () => {
    mockApi({ 'GET /api/moderation/me': () => json({ moderator: false, suspension: null }) });
    const { unmount } = renderWithProviders(<ModerationPage />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeDefined();
    unmount();

    const queue: ModerationQueue = { reports: [], suspensions: [] };
    mockApi({
      'GET /api/moderation/me': () => json({ moderator: true, suspension: null }),
      'GET /api/moderation/queue': () => json(queue),
    });
    renderWithProviders(<ModerationPage />);
    expect(await screen.findByText('Nothing to review. New reports show up here.')).toBeDefined();
    expect(screen.getByText('No wallet is suspended.')).toBeDefined();
  });

  it('shows the not-found screen to a signed-out visitor', async () => {
    auth.current = signedOut();
    mockApi({});
    renderWithProviders(<ModerationPage />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeDefined();
  });
});

describe('moderation screens in Spanish', () => {
  beforeEach(() => {
    auth.current = signedIn();
  });
  afterEach(() => resetFeedTestState());

  it('speaks the active language in my reports and the report dialog', async () => {
    const { activateLocale } = await import('../../lib/i18n/index.ts');
    await act(() => activateLocale('es'));
    mockApi({ 'GET /api/reports': () => json({ items: [REPORT] }) });
    const { unmount } = renderWithProviders(<MyReports viewer={memberViewer('u1', WALLET)} />);
    expect(await screen.findByText('Contenido eliminado')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Mis denuncias');
    unmount();
    renderWithProviders(
      <ReportDialog targetKind="post" targetId="42" open onOpenChange={vi.fn()} />,
    );
    expect(
      await screen.findByRole('heading', { name: 'Denunciar esta publicación' }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Enviar denuncia' })).toBeDefined();
  });
});
