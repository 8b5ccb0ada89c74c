import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { activateLocale, LOCALE_STORAGE_KEY } from '../../lib/i18n/index.ts';
import { DumTokenBoxView } from './dum-token-box.tsx';
import { ErrorFallback } from './error-fallback.tsx';
import { Footer } from './footer.tsx';

beforeEach(() => {
  window.localStorage.clear();
});

describe("the footer's language switch", () => {
  it('anyone can choose Español: the texts switch and the choice is kept', async () => {
    render(
      <MemoryRouter>
        <Footer year={2026} />
      </MemoryRouter>,
    );
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect((select as HTMLSelectElement).value).toBe('en');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Español']);

    await userEvent.setup().selectOptions(select, 'es');
    // The first switch of a test run compiles the locale's catalogues (.po): seconds, not a hang.
    expect(
      await screen.findByRole('link', { name: 'Términos del servicio' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText('© 2026 Dum Club. Todos los derechos reservados.')).toBeTruthy();
    const switched = screen.getByRole('combobox', { name: 'Idioma' });
    expect((switched as HTMLSelectElement).value).toBe('es');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
  });
});

describe('the shell in Spanish', () => {
  it('the DUM token box: labels in Spanish, amounts in Spanish number format', async () => {
    await act(() => activateLocale('es'));
    render(
      <MemoryRouter>
        <DumTokenBoxView
          balances={{ balance: 12_345_500_000_000n, staked: 300_000_000_000n, rewards: 1_200_000n }}
          onStake={() => {}}
        />
      </MemoryRouter>,
    );
    const box = screen.getByRole('region', { name: 'Token DUM' });
    expect(
      within(box)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Saldo', 'En staking', 'Recompensas']);
    expect(
      within(box)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['12.345,5 DUM', '300 DUM', '0,0012 DUM']);
    expect(within(box).getByRole('button', { name: 'Hacer staking' })).toBeTruthy();
  });

  it("the error screen says core's texts in Spanish", async () => {
    await act(() => activateLocale('es'));
    render(<ErrorFallback error={new Error('boom')} onRetry={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar página' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ir al inicio' })).toBeTruthy();
  });
});
