import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link's token: the organisation and the address, signed with the app's secret (HMAC
 * SHA-256, with a purpose prefix so no other signature of the app can be replayed as one). Nobody can
 * make a link for another address without the secret; the link works without signing in and does not
 * expire (RFC 8058 asks that it keep working).
 */
const PURPOSE = 'guichet mailing unsubscribe v1\n';

export interface UnsubscribeSubject {
  organizationId: string;
  email: string;
}

function signatureOf(secret: Uint8Array, payload: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + payload)
    .digest();
}

export function signUnsubscribeToken(secret: Uint8Array, subject: UnsubscribeSubject): string {
  const payload = Buffer.from(`${subject.organizationId}\n${subject.email.toLowerCase()}`).toString(
    'base64url',
  );
  return `${payload}.${signatureOf(secret, payload).toString('base64url')}`;
}

/** The subject of a genuine token; null for anything else (altered, truncated, made up). */
export function verifyUnsubscribeToken(secret: Uint8Array, token: string): UnsubscribeSubject | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = signatureOf(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [organizationId, email, rest] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
  if (!organizationId || !email || rest !== undefined) return null;
  if (!/^[0-9a-f-]{36}$/.test(organizationId)) return null;
  return { organizationId, email };
}
