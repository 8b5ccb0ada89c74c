import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/index.ts';
import { PLAIN_LIST_MAX, PostList } from './post-list.tsx';
import {
  json,
  makePost,
  mockApi,
  renderWithProviders,
  resetFeedTestState,
  signedOut,
} from './test-kit.tsx';
import { useViewer } from '../auth/index.ts';

const auth = vi.hoisted(() => ({ current: null as AuthContextValue | null }));
vi.mock('../auth/use-auth.ts', () => ({ useAuth: () => auth.current }));

// Counts loads of the virtualiser's code. A file of its own: the module registry (and so this
// count) is per test file, and the other PostList tests load the code.
const virtualCore = vi.hoisted(() => ({ loads: 0 }));
vi.mock('@tanstack/virtual-core', async (importOriginal) => {
  virtualCore.loads++;
  return importOriginal();
});

function Feed() {
  return <PostList viewer={useViewer()} />;
}

describe('PostList, first page', () => {
  beforeEach(() => {
    auth.current = signedOut();
  });
  afterEach(() => resetFeedTestState());

  it('renders a full first page as a plain list, without loading the virtualiser', async () => {
    const items = Array.from({ length: PLAIN_LIST_MAX }, (_, i) =>
      makePost({ id: `p${i + 1}`, body: `post ${i + 1}`, content: `post ${i + 1}` }),
    );
    mockApi({ 'GET /api/messages-v2/feed': () => json({ items, nextCursor: null }) });
    renderWithProviders(<Feed />);
    expect(await screen.findByText(`post ${PLAIN_LIST_MAX}`)).toBeDefined();
    expect(screen.getAllByTestId('post-card')).toHaveLength(PLAIN_LIST_MAX);
    expect(screen.getByTestId('post-list').dataset.virtual).toBeUndefined();
    expect(await screen.findByText('You’re all caught up.')).toBeDefined();
    expect(virtualCore.loads).toBe(0);
  });
});
