/**
 * The ticket secret a QR code carries: `base64url(version ‖ ticket id ‖ event id ‖ Ed25519 signature)`, as the
 * server signs it. Offline, the scanner checks the signature against the organisation's public key (downloaded
 * with the snapshot) before it looks the ticket up, so a forged code is refused without the network.
 */
import { parseTicketSecret } from '@guichet/shared/scan-rules';

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const padded = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The organisation's public key (raw 32 bytes, base64url, as the snapshot gives it) for WebCrypto. */
export async function importPublicKey(publicKey: string): Promise<CryptoKey> {
  const raw = base64UrlToBytes(publicKey);
  if (raw?.length !== 32) throw new Error('The public key is not a raw Ed25519 key');
  return crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
}

/** Whether this browser verifies Ed25519 signatures (needed to decide offline). */
export async function supportsEd25519(): Promise<boolean> {
  try {
    await importPublicKey('11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo');
    return true;
  } catch {
    return false;
  }
}

/** The ticket and event a secret names when the key signed it; null for anything else. */
export async function verifySecret(
  key: CryptoKey,
  secret: string,
): Promise<{ ticketId: string; eventId: string } | null> {
  // The one parser of the layout, shared with the server (it also refuses a second spelling of a secret).
  const parsed = parseTicketSecret(secret);
  if (!parsed) return null;
  const valid = await crypto.subtle.verify(
    { name: 'Ed25519' },
    key,
    new Uint8Array(parsed.signature),
    new Uint8Array(parsed.payload),
  );
  return valid ? { ticketId: parsed.ticketId, eventId: parsed.eventId } : null;
}
