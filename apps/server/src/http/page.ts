/**
 * A page of a keyset list read one row past its size (`limit + 1`): its first `limit` rows as
 * items, and the cursor at the last of them when the extra row shows there is more.
 */
export function pageOf<Row, Item>(
  rows: readonly Row[],
  limit: number,
  toItem: (row: Row) => Item,
  cursorOf: (last: Row) => string,
): { items: Item[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toItem(row)),
    nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null,
  };
}
