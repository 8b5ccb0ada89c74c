import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster.tsx';
import { switchLanguage } from './switch-language.ts';

// A stand-in for a failed download of a language's catalogue (offline before the app's files
// were kept), which a test cannot cause for real.
vi.mock('../../lib/i18n/index.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  chooseLocale: vi.fn(() =>
    Promise.reject(new Error('Failed to fetch dynamically imported module')),
  ),
}));

describe('switchLanguage', () => {
  it('says so when the language cannot be loaded, and the page stays in its language', async () => {
    render(<Toaster />);
    switchLanguage('es');
    expect(await screen.findByText('Could not switch the language')).toBeTruthy();
    expect(screen.getByText('Check your connection and try again.')).toBeTruthy();
    expect(document.documentElement.lang).not.toBe('es');
  });
});
