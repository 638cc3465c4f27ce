import { createHash, type Hash } from 'node:crypto';
import { pipeline, Readable, Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * The fingerprint of a request with an Idempotency-Key (decision 034): SHA-256 of its parameters and query,
 * a newline, then its body (the bytes of a raw body, else its JSON). A streamed body (a CSV import) is
 * hashed as the handler reads it, or, on a repeat, read only to be hashed: never held in memory.
 */

function headOf(request: FastifyRequest): Hash {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ params: request.params ?? null, query: request.query ?? null }));
  hash.update('\n');
  return hash;
}

export function fingerprintOf(request: FastifyRequest): string {
  const hash = headOf(request);
  const body = request.body;
  if (Buffer.isBuffer(body)) hash.update(body);
  else hash.update(JSON.stringify(body ?? null));
  return hash.digest('hex');
}

export interface HashedAsRead {
  /** What the handler reads in place of the body: the same bytes. */
  body: Readable;
  /** The fingerprint once the body was read to its end; null while (or if) it was not. */
  fingerprint: () => string | null;
  /**
   * Reads what the handler left of the body and drops it, as Node does with a body no one read (but not
   * once it is piped): else the upload stalls and its connection serves no further request.
   */
  discard: () => void;
}

/** Hands the handler the body through a pass-through that hashes it. */
export function hashAsRead(request: FastifyRequest, body: Readable): HashedAsRead {
  const hash = headOf(request);
  let digest: string | null = null;
  let readToEnd = false;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      digest = hash.digest('hex');
      done();
    },
  });
  // A small body flows into the pass-through's buffer whether the handler reads it or not: only the
  // handler's reading of the last byte ('end') says the body was taken in.
  hashing.once('end', () => {
    readToEnd = true;
  });
  // An error of the upload (the client went away) reaches the handler through the pass-through.
  pipeline(body, hashing, () => {});
  return {
    body: hashing,
    fingerprint: () => (readToEnd ? digest : null),
    discard: () => {
      if (!readToEnd) hashing.resume();
    },
  };
}

/** Reads a repeat's body to its end only to hash it; beyond `limitBytes`, 413 as the first would answer. */
export async function hashToEnd(
  request: FastifyRequest,
  body: Readable,
  limitBytes: number,
): Promise<string> {
  const hash = headOf(request);
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes)
      throw new AppError('payload-too-large', `The body may be at most ${limitBytes} bytes.`);
    hash.update(chunk);
  }
  return hash.digest('hex');
}

export const isStream = (body: unknown): body is Readable => body instanceof Readable;
