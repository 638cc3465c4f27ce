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
