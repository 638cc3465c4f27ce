/**
 * The first page's data, asked for as the app starts, while the page's code is still downloading (on a
 * phone network that is one round trip fewer before the content shows). The page takes it once.
 */
const early = new Map<string, Promise<unknown>>();

export function prefetch(key: string, load: () => Promise<unknown>): void {
  const promise = load();
  // Handled by the page that takes it; not an unhandled rejection meanwhile.
  promise.catch(() => undefined);
  early.set(key, promise);
}

export function takePrefetched<T>(key: string): Promise<T> | undefined {
  const promise = early.get(key);
  early.delete(key);
  return promise as Promise<T> | undefined;
}

/**
 * Data the server sent inside the page (its prerender of the event page drew it): the page's first render
 * shows it at once instead of a loader. Read without being taken by every render of the page's first mount
 * (React may call a state initialiser twice), forgotten by the page's first effect: a later visit loads.
 */
const provided = new Map<string, unknown>();

export function provide(key: string, value: unknown): void {
  provided.set(key, value);
}

export function providedValue<T>(key: string): T | undefined {
  return provided.get(key) as T | undefined;
}

export function forgetProvided(key: string): boolean {
  return provided.delete(key);
}
