import { type AddressInfo, createServer } from 'node:net';
import type { App } from '../../src/app';

/** Tests that start API processes of their own (scale-out, kills): ports, waits and HTTP in place of inject. */

/** A port free on 127.0.0.1 a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The first value `probe` gives that is neither undefined nor false, polled every 100 ms for at most `ms`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The test helpers' `app.inject`, over HTTP to `base` (a proxy or one process). */
export function overHttp(base: string): App {
  const inject = async (options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
    cookies?: Record<string, string>;
  }) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.payload !== undefined) {
      body = JSON.stringify(options.payload);
      headers['content-type'] = 'application/json';
    }
    if (options.cookies) {
      headers.cookie = Object.entries(options.cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; ');
    }
    const response = await fetch(base + options.url, { method: options.method, headers, body });
    const text = await response.text();
    const cookies = response.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      return { name: pair.slice(0, index), value: pair.slice(index + 1) };
    });
    return {
      statusCode: response.status,
      body: text,
      headers: Object.fromEntries(response.headers),
      cookies,
      json: () => JSON.parse(text),
    };
  };
  return { inject } as unknown as App;
}
