import type { RefObject } from 'react';

/**
 * A hidden file picker that a visible button opens (`inputRef.current.click()`). It hands over
 * the first file, then empties itself so that picking the same file again is still a change.
 */
export function FileInput({
  inputRef,
  accept,
  testId,
  onPick,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  testId: string;
  onPick: (file: File | undefined) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      hidden
      tabIndex={-1}
      data-testid={testId}
      onChange={(event) => {
        onPick(event.target.files?.[0]);
        event.target.value = '';
      }}
    />
  );
}
