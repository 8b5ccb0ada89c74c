import { screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { renderWithProviders } from '../post/test-kit.tsx';
import { Composer } from './composer.tsx';

/**
 * Renders the feed's composer and waits until it is there: signed in, its code loads on first
 * use (composer.tsx), as it does in the app.
 */
export async function renderComposer(
  options: { queryClient?: QueryClient } = {},
): Promise<ReturnType<typeof renderWithProviders>> {
  const rendered = renderWithProviders(<Composer />, options);
  await screen.findByTestId('composer');
  return rendered;
}
