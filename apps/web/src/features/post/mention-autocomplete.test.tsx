import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMentionAutocomplete } from './mention-autocomplete.tsx';
import { json, mockApi, renderWithProviders, resetFeedTestState } from './test-kit.tsx';

const PEOPLE = [
  {
    address: 'A1iceWa11et111111111111111111111111111111111',
    username: 'alice',
    displayName: 'Alice',
    avatarUrl: null,
    isVerified: false,
  },
  {
    address: 'A1anWa11et1111111111111111111111111111111111',
    username: 'alan',
    displayName: null,
    avatarUrl: null,
    isVerified: false,
  },
];

function Harness({ onSubmit }: { onSubmit?: () => void }) {
  const [text, setText] = useState('');
  const mentions = useMentionAutocomplete(text, setText);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <label htmlFor="box">Write</label>
      <div className="relative">
        <textarea
          {...mentions.inputProps}
          id="box"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (mentions.onKeyDown(event)) return;
            if (event.key === 'Enter') onSubmit?.();
          }}
        />
        {mentions.list}
      </div>
    </form>
  );
}

afterEach(() => {
  resetFeedTestState();
});

describe('the @ autocomplete', () => {
  it('suggests while the caret is in @prefix, and picks by keyboard', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /api/users/suggest': ({ url }) => {
        asked.push(url.searchParams.get('prefix') ?? '');
        return json({ items: PEOPLE });
      },
    });
    let submitted = 0;
    const user = userEvent.setup();
    renderWithProviders(<Harness onSubmit={() => (submitted += 1)} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Write' });
    expect(box.getAttribute('aria-controls')).toBeNull();
    await user.click(box);
    await user.keyboard('hi @al');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]?.textContent).toMatch(/Alice@alice$/);
    expect(options[1]?.textContent).toMatch(/alan@alan$/);
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(screen.getByText(/^2 people to mention/)).toBeTruthy();
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(asked).toContain('al');

    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(box.value).toBe('hi @alan ');
    expect(box.selectionStart).toBe('hi @alan '.length);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(submitted).toBe(0);

    // Tab picks too, in the middle of the text.
    await user.keyboard('and @a');
    await screen.findByRole('listbox');
    await user.keyboard('{Tab}');
    expect(box.value).toBe('hi @alan and @alice ');
  });

  it('closes on Escape until the prefix changes, and lets Enter through when closed', async () => {
    mockApi({ 'GET /api/users/suggest': () => json({ items: PEOPLE }) });
    let submitted = 0;
    const user = userEvent.setup();
    renderWithProviders(<Harness onSubmit={() => (submitted += 1)} />);
    await user.click(screen.getByRole('textbox', { name: 'Write' }));
    await user.keyboard('@a');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('l');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}{Enter}');
    expect(submitted).toBe(1);
  });

  it('picks with a click', async () => {
    mockApi({ 'GET /api/users/suggest': () => json({ items: PEOPLE }) });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Write' });
    await user.click(box);
    await user.keyboard('yo @ali');
    await user.click(await screen.findByRole('option', { name: /Alice/ }));
    await waitFor(() => expect(box.value).toBe('yo @alice '));
    expect(document.activeElement).toBe(box);
  });
});
