/**
 * The WAI-ARIA tabs pattern's keys for a hand-written tablist: ArrowRight and ArrowLeft move to
 * the next and previous tab (wrapping), Home and End to the first and last. Returns the index
 * to select, or null for any other key.
 */
export function tabIndexAfterKey(key: string, index: number, count: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return index >= last ? 0 : index + 1;
    case 'ArrowLeft':
      return index <= 0 ? last : index - 1;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
