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
