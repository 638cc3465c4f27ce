import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, backoffDelay, openEventStream, type StreamStatus } from './event-stream';
import { createSseParser, type StreamMessage } from './sse-parser';

function parse(chunks: string[]) {
  const messages: StreamMessage[] = [];
  const parser = createSseParser((message) => messages.push(message));
  for (const chunk of chunks) parser.push(chunk);
  return { messages, parser };
}

describe('server-sent-event parser', () => {
  it('reads named events, multi-line data, ids and ignores comments', () => {
    const { messages, parser } = parse([
      ': keep-alive\n\n',
      'event: headcount\nid: 7\ndata: {"a":1}\n\n',
      'data: one\ndata: two\nretry: 2500\n\n',
    ]);
    expect(messages).toEqual([
      { event: 'headcount', data: '{"a":1}', id: '7' },
      { event: 'message', data: 'one\ntwo', id: '7' },
    ]);
    expect(parser.retryMs).toBe(2500);
  });

  it('joins lines split across chunks, CRLF split between two chunks included', () => {
    const { messages } = parse(['event: chec', 'k-in\r', '\ndata: {"x"', ':2}\r\n\r', '\n']);
    expect(messages).toEqual([{ event: 'check-in', data: '{"x":2}', id: undefined }]);
  });

  it('dispatches nothing for an event without data, nor before its blank line', () => {
    const { messages } = parse(['event: ping\n\n', 'data: waiting']);
    expect(messages).toEqual([]);
  });
});

describe('backoff', () => {
  it('doubles from one second and stays under thirty, with jitter in the upper half', () => {
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(1, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 1)).toBe(4000);
    expect(backoffDelay(20, () => 1)).toBe(BACKOFF_MAX_MS);
  });
});

/** A response whose body yields these chunks, then ends. */
function streamResponse(chunks: string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

describe('openEventStream', () => {
  it('sends the headers, delivers messages, reconnects after the end with backoff, and stops on 403', async () => {
    const seen: { headers: Record<string, string> }[] = [];
    const answers = [
      () => Promise.reject(new TypeError('offline')),
      () => Promise.resolve(streamResponse(['event: headcount\ndata: 1\n\n'])),
      () => Promise.resolve(streamResponse([], 403)),
    ];
    const statuses: StreamStatus[] = [];
    const messages: string[] = [];
    const waits: number[] = [];
    let opened = 0;
    let failedWith = 0;
    await new Promise<void>((resolve) => {
      openEventStream({
        url: '/api/x/stream',
        headers: async () => ({ Authorization: 'Bearer token', 'X-Organization-ID': 'org' }),
        fetch: ((_url: string, init: RequestInit) => {
          seen.push({ headers: init.headers as Record<string, string> });
          return answers[seen.length - 1]!();
        }) as typeof fetch,
        sleep: async (ms) => {
          waits.push(ms);
        },
        random: () => 1,
        onMessage: (message) => messages.push(`${message.event}:${message.data}`),
        onOpen: () => {
          opened += 1;
        },
        onStatus: (status) => statuses.push(status),
        onFailure: (status) => {
          failedWith = status;
          resolve();
        },
      });
    });
    expect(seen).toHaveLength(3);
    expect(seen[0]!.headers).toMatchObject({
      Accept: 'text/event-stream',
      Authorization: 'Bearer token',
      'X-Organization-ID': 'org',
    });
    expect(messages).toEqual(['headcount:1']);
    expect(opened).toBe(1);
    // One failure (1 s), then the stream ended after a success, which reset the count (1 s again).
    expect(waits).toEqual([1000, 1000]);
    expect(statuses).toEqual(['connecting', 'reconnecting', 'live', 'reconnecting', 'stopped']);
    expect(failedWith).toBe(403);
  });

  it('closes for good when asked, and hands a 401 to the session', async () => {
    let unauthorized = false;
    await new Promise<void>((resolve) => {
      openEventStream({
        url: '/s',
        headers: async () => ({}),
        fetch: (() => Promise.resolve(streamResponse([], 401))) as typeof fetch,
        onMessage: () => undefined,
        onStatus: (status) => {
          if (status === 'stopped') resolve();
        },
        onUnauthorized: () => {
          unauthorized = true;
        },
      });
    });
    expect(unauthorized).toBe(true);

    let calls = 0;
    const statuses: StreamStatus[] = [];
    const close = openEventStream({
      url: '/s',
      headers: async () => ({}),
      fetch: ((_url: string, init: RequestInit) => {
        calls += 1;
        // Never answers until aborted, like a stream that stays open.
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }) as typeof fetch,
      onMessage: () => undefined,
      onStatus: (status) => statuses.push(status),
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    close();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toBe(1);
    expect(statuses).toEqual(['connecting', 'stopped']);
  });

  it('gives up on a silent connection and opens a new one', async () => {
    let calls = 0;
    await new Promise<void>((resolve) => {
      const close = openEventStream({
        url: '/s',
        headers: async () => ({}),
        idleTimeoutMs: 20,
        sleep: async () => undefined,
        fetch: ((_url: string, init: RequestInit) => {
          calls += 1;
          if (calls === 2) {
            close();
            resolve();
          }
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              init.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
            },
          });
          return Promise.resolve(new Response(body, { status: 200 }));
        }) as typeof fetch,
        onMessage: () => undefined,
        onStatus: () => undefined,
      });
    });
    expect(calls).toBe(2);
  });
});
