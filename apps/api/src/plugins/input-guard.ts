import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** A NUL, or half of a UTF-16 surrogate pair without its other half (text no database can store). */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first place in `value` (a parsed body, query, params or headers) that holds unstorable text. */
export function unstorableAt(value: unknown, path: string): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  // A streamed body (a CSV import) is read by its route, not walked here (a request stream is circular).
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || value instanceof Readable)
    return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableAt(item, `${path}.${index}`);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return path;
    const found = unstorableAt(item, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses, for the whole API in one place, text that PostgreSQL cannot store or that no client sends on
 * purpose: NUL bytes and lone surrogates anywhere in the path, the query, the headers or the body answer
 * 400 `invalid-characters` before any route sees them (they used to reach the database and fail there).
 * The path, query and headers are judged when the request arrives, before the access check (a request
 * that could never be answered is refused as such, signed in or not); the body once it is parsed.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(
      refusal(
        unstorableAt(request.params, 'params') ??
          unstorableAt(request.query, 'query') ??
          unstorableAt(request.headers, 'headers'),
      ),
    );
  });
  app.addHook('preValidation', (request, _reply, done) => {
    done(refusal(unstorableAt(request.body, 'body')));
  });
}

function refusal(found: string | null): AppError | undefined {
  if (!found) return undefined;
  return new AppError('invalid-characters', 'The request holds characters that cannot be stored.', {
    details: [{ path: found, message: 'NUL bytes and unpaired surrogates are not allowed' }],
  });
}
