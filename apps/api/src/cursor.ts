import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Cursors of keyset pages: the sort value and the id of the last row shown, as base64url JSON. Opaque
 * to clients; an unreadable or forged one starts from the beginning.
 */

export function encodeCursor(value: string, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

/** The sort value (at most 300 characters: longer than any value a page sorts by) and the id. */
export function decodeCursor(cursor: string): [string, string] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(value[1]) &&
      value[0].length <= 300
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // An unreadable cursor starts from the beginning.
  }
  return null;
}

/**
 * The page of rows read with `limit + 1`: the extra row only says that there is more, and the cursor names
 * the last row shown by its sort value and id (the keyset the next page starts after).
 */
export function keysetPage<Row>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => [value: string, id: string],
): { items: Row[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(...keyOf(last)) : null };
}

/** A cursor value that PostgreSQL reads as a `timestamptz` (a forged one must not become a 500). */
export function isInstant(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * The rows after a cursor in the order `(key, id)` ascending, or descending: one row comparison, so an index
 * on the two serves it. `cast` types the cursor's text value as the key (`::text`, `::timestamptz`...), and
 * `accepts` checks the value reads as that type. No cursor, or an unreadable one, means the first page.
 */
export function afterCursor(
  cursor: string | undefined,
  key: SQL | AnyColumn,
  id: AnyColumn,
  options: { descending?: boolean; cast?: SQL; accepts?: (value: string) => boolean } = {},
): SQL | undefined {
  const decoded = cursor ? decodeCursor(cursor) : null;
  if (!decoded || (options.accepts && !options.accepts(decoded[0]))) return undefined;
  const comparison = options.descending ? sql`<` : sql`>`;
  return sql`(${key}, ${id}) ${comparison} (${decoded[0]}${options.cast ?? sql`::text`}, ${decoded[1]}::uuid)`;
}

/** The rows after a cursor in the order of their uuidv7 id, that is of their creation. */
export function afterId(cursor: string | undefined, id: AnyColumn, descending = false): SQL | undefined {
  const decoded = cursor ? decodeCursor(cursor) : null;
  if (!decoded) return undefined;
  return descending ? sql`${id} < ${decoded[1]}::uuid` : sql`${id} > ${decoded[1]}::uuid`;
}
