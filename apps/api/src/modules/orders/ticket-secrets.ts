import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import type { Queryable } from '@guichet/db/client';
import { findSigningKey, insertSigningKey } from './orders.repository';

/**
 * Ticket secrets: the QR payload `base64url(version ‖ ticket id ‖ event id ‖ Ed25519 signature)`.
 * A scanner holding the organisation's public key can tell a real ticket from a forged one without a
 * network; the ids are random UUIDs, and without the private key nobody can sign a new pair.
 */

const VERSION = 1;
const PAYLOAD_BYTES = 1 + 16 + 16;
const SIGNATURE_BYTES = 64;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
function uuidString(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function payload(ticketId: string, eventId: string): Buffer {
  return Buffer.concat([Buffer.from([VERSION]), uuidBytes(ticketId), uuidBytes(eventId)]);
}

export function signTicket(privateKey: KeyObject, ticketId: string, eventId: string): string {
  const data = payload(ticketId, eventId);
  return Buffer.concat([data, sign(null, data, privateKey)]).toString('base64url');
}

/** The public key in the form served to scanners: the raw 32 bytes, base64url. */
export function publicKeyObject(publicKey: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
}

/** The ticket and event a secret names, or null when it is malformed or not signed by this key. */
export function verifySecret(
  publicKey: string | KeyObject,
  secret: string,
): { ticketId: string; eventId: string } | null {
  if (!/^[A-Za-z0-9_-]+$/.test(secret)) return null;
  const bytes = Buffer.from(secret, 'base64url');
  if (bytes.length !== PAYLOAD_BYTES + SIGNATURE_BYTES || bytes[0] !== VERSION) return null;
  // Re-encoding must give the same text: base64url has several spellings of the last character.
  if (bytes.toString('base64url') !== secret) return null;
  const data = bytes.subarray(0, PAYLOAD_BYTES);
  const key = typeof publicKey === 'string' ? publicKeyObject(publicKey) : publicKey;
  if (!verify(null, data, key, bytes.subarray(PAYLOAD_BYTES))) return null;
  return { ticketId: uuidString(data.subarray(1, 17)), eventId: uuidString(data.subarray(17, 33)) };
}

// Key storage ------------------------------------------------------------------------------------------------

/** The key that encrypts private keys at rest, derived from the server secret for this one purpose. */
function wrappingKey(serverSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'guichet', 'ticket-signing-keys', 32));
}

export function encryptPrivateKey(serverSecret: Uint8Array, key: KeyObject): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', wrappingKey(serverSecret), iv);
  const der = key.export({ format: 'der', type: 'pkcs8' });
  const encrypted = Buffer.concat([cipher.update(der), cipher.final()]);
  return [iv, encrypted, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

export function decryptPrivateKey(serverSecret: Uint8Array, stored: string): KeyObject {
  const [iv, encrypted, tag] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !encrypted || !tag) throw new Error('malformed encrypted key');
  const decipher = createDecipheriv('aes-256-gcm', wrappingKey(serverSecret), iv);
  decipher.setAuthTag(tag);
  const der = Buffer.concat([decipher.update(encrypted), decipher.final()]);
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}

export interface SigningKey {
  publicKey: string;
  privateKey: KeyObject;
}

// Decrypted keys per organisation; a key never changes once created, so the cache never goes stale.
const cache = new Map<string, SigningKey>();

/**
 * The organisation's signing key, created on first use. Call it outside the order's transaction: the
 * insert takes a row lock that, inside a transaction also waiting on capacity rows, could deadlock.
 * Two first calls at once both insert; `on conflict do nothing` keeps the first and both read it back.
 */
export async function signingKey(
  db: Queryable,
  serverSecret: Uint8Array,
  organizationId: string,
): Promise<SigningKey> {
  const cached = cache.get(organizationId);
  if (cached) return cached;
  let row = await findSigningKey(db, organizationId);
  if (!row) {
    const pair = generateKeyPairSync('ed25519');
    const x = pair.publicKey.export({ format: 'jwk' }).x;
    if (!x) throw new Error('Ed25519 public key without x');
    await insertSigningKey(db, {
      organizationId,
      publicKey: x,
      privateKeyEncrypted: encryptPrivateKey(serverSecret, pair.privateKey),
    });
    row = await findSigningKey(db, organizationId);
    if (!row) throw new Error('signing key vanished after insert');
  }
  const key = {
    publicKey: row.publicKey,
    privateKey: decryptPrivateKey(serverSecret, row.privateKeyEncrypted),
  };
  cache.set(organizationId, key);
  return key;
}
