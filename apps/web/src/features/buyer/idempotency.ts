/**
 * The Idempotency-Key of a checkout attempt, kept in sessionStorage with the request it was made for: a
 * double click, a retry after a network error or a reload sends the same key with the same body, so the
 * server replays its first answer instead of placing a second order. Another body (the buyer changed
 * something) gets a fresh key, since the server refuses a key reused with another body.
 */
const PREFIX = 'guichet.checkout.';

interface Stored {
  key: string;
  body: string;
}

/** Where the attempt is kept when the browser blocks storage: retries from this page still reuse it. */
const memory = new Map<string, Stored>();

function read(storage: Storage | undefined, scope: string): Stored | null {
  try {
    const raw = storage?.getItem(PREFIX + scope);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && 'key' in parsed && 'body' in parsed) return parsed as Stored;
  } catch {
    // Storage blocked or a damaged entry: the copy in memory.
  }
  return memory.get(scope) ?? null;
}

/**
 * A random UUID. `crypto.randomUUID` exists only on secure pages; a phone trying the app over plain http on
 * the local network gets one made from `getRandomValues`, which exists everywhere.
 */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function checkoutKey(
  scope: string,
  body: unknown,
  storage: Storage | undefined = globalThis.sessionStorage,
  newKey: () => string = randomKey,
): string {
  const serialized = JSON.stringify(body);
  const stored = read(storage, scope);
  if (stored && stored.body === serialized) return stored.key;
  const attempt: Stored = { key: newKey(), body: serialized };
  memory.set(scope, attempt);
  try {
    storage?.setItem(PREFIX + scope, JSON.stringify(attempt));
  } catch {
    // Not kept across reloads; the copy in memory covers retries from this page.
  }
  return attempt.key;
}

/** After a placed order or a final refusal: the next attempt is a new one. */
export function forgetCheckoutKey(scope: string, storage: Storage | undefined = globalThis.sessionStorage) {
  memory.delete(scope);
  try {
    storage?.removeItem(PREFIX + scope);
  } catch {
    // Nothing stored.
  }
}
