/**
 * A server-sent-events parser (the WHATWG "event stream" format) for streams read with fetch(): EventSource
 * cannot send the Authorization and X-Organization-ID headers the API needs, so the page reads the body
 * itself and hands each decoded chunk here.
 */

export interface StreamMessage {
  /** `message` when the server named none. */
  event: string;
  data: string;
  id: string | undefined;
}

export interface SseParser {
  /** Feeds decoded text; chunks may split lines or even a CRLF anywhere. */
  push(chunk: string): void;
  /** The last `retry:` the server asked for, in milliseconds. */
  readonly retryMs: number | undefined;
}

export function createSseParser(onMessage: (message: StreamMessage) => void): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastId: string | undefined;
  let retryMs: number | undefined;
  // A chunk ending in CR may be the first half of CRLF: the LF that follows must not end a second line.
  let pendingCr = false;

  function dispatch(): void {
    if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), id: lastId });
    event = '';
    data = [];
  }

  function line(text: string): void {
    if (text === '') {
      dispatch();
      return;
    }
    if (text.startsWith(':')) return; // A comment: the server's keep-alive.
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        event = value;
        break;
      case 'data':
        data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retryMs = Number(value);
        break;
      default:
      // Unknown fields are ignored, as the standard says.
    }
  }

  return {
    push(chunk: string) {
      let text = chunk;
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index++) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, index));
        if (char === '\r') {
          if (index + 1 === buffer.length) pendingCr = true;
          else if (buffer[index + 1] === '\n') index++;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    get retryMs() {
      return retryMs;
    },
  };
}
