/**
 * A page of a list read by keyset: the query asks for one row more than `size`, which only tells that a
 * next page exists. `next` is the cursor of the page's last row (`after` of the next request), null on
 * the last page.
 */
export function keysetPage<T>(rows: readonly T[], size: number, cursorOf: (row: T) => string) {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, next: rows.length > size && last !== undefined ? cursorOf(last) : null };
}

/** The cursor of a list in descending id order. */
export const idCursor = (row: { id: number }) => String(row.id);
