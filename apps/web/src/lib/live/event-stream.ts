import { createSseParser, type StreamMessage } from './sse-parser';

/** `live` once the server's answer has started, `reconnecting` while waiting for the next attempt. */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export const BACKOFF_START_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** The server writes a keep-alive well within this; silence this long means a dead connection (a proxy, a laptop lid). */
export const IDLE_TIMEOUT_MS = 45_000;

/** Statuses after which trying again cannot help: the caller's rights or the event are gone. */
const FINAL_STATUSES: ReadonlySet<number> = new Set([400, 403, 404]);

export interface EventStreamOptions {
  url: string;
  /** Read before every attempt, so a refreshed access token is used on reconnection. */
  headers: () => Promise<Record<string, string>>;
  onMessage: (message: StreamMessage) => void;
  onStatus: (status: StreamStatus) => void;
  /** Each time a connection opens: what happened while disconnected is to be read again. */
  onOpen?: () => void;
  onUnauthorized?: () => void;
  /** A refusal that ends the stream (403, 404...). */
  onFailure?: (status: number) => void;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  idleTimeoutMs?: number;
}

/** The wait before the next attempt: doubling from 1 s up to 30 s, each drawn between half and all of it. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Reads a server-sent-event stream with fetch() and keeps it open: after an error, an end of stream, a
 * silent connection or the browser going offline it tries again with backoff, at once when the browser
 * comes back online. Returns the function that closes it for good.
 */
export function openEventStream(options: EventStreamOptions): () => void {
  const fetchImpl = options.fetch ?? fetch.bind(globalThis);
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const idleTimeoutMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  const closed = new AbortController();
  // Aborted to cut a wait short (the network is back).
  let wake = new AbortController();
  let failures = 0;

  // The connection being read, cut at once when the browser says it went offline (a dead socket can
  // otherwise take until the keep-alive watchdog to notice).
  let current: AbortController | null = null;
  const onOnline = () => wake.abort();
  const onOffline = () => current?.abort();
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
  }

  /** One connection; resolves with the HTTP status that ended it (0: network or end of stream). */
  async function connect(): Promise<number> {
    const attempt = new AbortController();
    current = attempt;
    const stop = () => attempt.abort();
    closed.signal.addEventListener('abort', stop, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(stop, idleTimeoutMs);
    };
    try {
      arm();
      const response = await fetchImpl(options.url, {
        headers: { Accept: 'text/event-stream', ...(await options.headers()) },
        cache: 'no-store',
        credentials: 'include',
        signal: attempt.signal,
      });
      if (!response.ok || !response.body) return response.status || 0;
      failures = 0;
      options.onStatus('live');
      options.onOpen?.();
      const parser = createSseParser(options.onMessage);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        arm();
        const { value, done } = await reader.read();
        if (done) break;
        parser.push(value);
      }
      return 0;
    } catch {
      return 0;
    } finally {
      current = null;
      clearTimeout(idle);
      closed.signal.removeEventListener('abort', stop);
    }
  }

  async function run(): Promise<void> {
    options.onStatus('connecting');
    while (!closed.signal.aborted) {
      const status = await connect();
      if (closed.signal.aborted) break;
      if (status === 401) {
        options.onUnauthorized?.();
        break;
      }
      if (FINAL_STATUSES.has(status)) {
        options.onStatus('stopped');
        options.onFailure?.(status);
        return;
      }
      failures += 1;
      options.onStatus('reconnecting');
      wake = new AbortController();
      const both = AbortSignal.any([closed.signal, wake.signal]);
      await sleep(backoffDelay(failures, random), both);
    }
    options.onStatus('stopped');
  }

  void run();
  return () => {
    closed.abort();
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    }
  };
}
