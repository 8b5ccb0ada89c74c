import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Logo } from './logo.tsx';

function renderLogo(compact?: boolean | 'narrow') {
  render(
    <MemoryRouter>
      <Logo compact={compact} />
    </MemoryRouter>,
  );
  return screen.getByRole('link');
}

/** The words a sighted person reads on the link: its text without the screen-reader-only part. */
function visibleWords(link: HTMLElement): string {
  const copy = link.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.sr-only, [aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent.replace(/\s+/g, ' ').trim();
}

describe('Logo', () => {
  it('is named by the words it shows, in order, then "home"', () => {
    const link = renderLogo();
    expect(link.getAttribute('href')).toBe('/');
    expect(link.hasAttribute('aria-label')).toBe(false);
    expect(visibleWords(link)).toBe('Dum Club Proof of Vibe');
    expect(screen.getByRole('link', { name: 'Dum Club Proof of Vibe home' })).toBe(link);
  });

  it.each([true, 'narrow'] as const)('compact (%s): "Dum Club home", no tagline', (compact) => {
    const link = renderLogo(compact);
    expect(visibleWords(link)).toBe('Dum Club');
    expect(screen.getByRole('link', { name: 'Dum Club home' })).toBe(link);
  });
});
