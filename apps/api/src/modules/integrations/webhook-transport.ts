import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPrivateAddress, publicOnlyLookup } from './webhook-address';

/** What is kept of a receiver's answer for the delivery log. */
const RESPONSE_KEPT = 2048;

export interface WebhookAnswer {
  status: number;
  /** The first 2 KB of the body; the rest is read and dropped. */
  body: string;
}

const guardedLookup = publicOnlyLookup();

/**
 * Sends one webhook request (decision 034), on a fresh connection, without following redirects. Unless
 * private addresses are allowed by configuration, a host written as an address must be public, and a
 * name is resolved once by `publicOnlyLookup`, which checks every address and hands the socket only those:
 * a name that resolved to a public address when the endpoint was saved and to an internal one now
 * (DNS rebinding) is refused before any byte is sent.
 */
export function sendWebhook(
  url: string,
  request: { headers: Record<string, string>; body: string; timeoutMs: number; allowPrivate: boolean },
): Promise<WebhookAnswer> {
  const target = new URL(url);
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (!request.allowPrivate && isIP(literal) && isPrivateAddress(literal)) {
    return Promise.reject(new Error(`${literal} is a private, loopback or reserved address.`));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      target,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        agent: false,
        signal: AbortSignal.timeout(request.timeoutMs),
        ...(request.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        let kept = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (kept.length < RESPONSE_KEPT) kept += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: kept.slice(0, RESPONSE_KEPT) }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
