import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { sha256 } from '../tokens';

/**
 * Sealed idempotent answers (decision 034): an answer that shows a secret once (an API token's) is kept
 * encrypted with AES-256-GCM under a key derived by HKDF-SHA256 from the server's secret, salted with the
 * Idempotency-Key as the client sent it and bound to the organisation, caller and route. The row keeps only
 * the key's SHA-256, so the stored row alone opens nothing, nor does the server's secret without the key
 * itself: only a repeat that presents the same key gets the answer back.
 */

const INFO = 'guichet idempotent answer v1';

/** What the row stores in place of the key of a sealed answer. */
export function hashedIdempotencyKey(key: string): string {
  return `sha256:${sha256(key)}`;
}

export interface SealingContext {
  organizationId: string | null;
  caller: string;
  route: string;
  /** The Idempotency-Key as the client sent it: never stored. */
  key: string;
}

function sealingKey(serverSecret: Uint8Array, context: SealingContext): Buffer {
  const info = [INFO, context.organizationId ?? '', context.caller, context.route].join('\n');
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.from(context.key, 'utf8'), info, 32));
}

export function sealAnswer(serverSecret: Uint8Array, context: SealingContext, body: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(serverSecret, context), iv);
  const data = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens a sealed answer; throws when it was sealed under another key or altered (the GCM tag fails). */
export function openAnswer(serverSecret: Uint8Array, context: SealingContext, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown sealed answer format');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    sealingKey(serverSecret, context),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
