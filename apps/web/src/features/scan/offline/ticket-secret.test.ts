import { describe, expect, it } from 'vitest';
import {
  base64UrlToBytes,
  bytesToBase64Url,
  importPublicKey,
  supportsEd25519,
  verifySecret,
} from './ticket-secret';

const TICKET = '0192f0c4-1111-7222-8333-444455556666';
const EVENT = '0192f0c4-aaaa-7bbb-8ccc-ddddeeeeffff';

function uuidBytes(id: string): number[] {
  return id
    .replace(/-/g, '')
    .match(/../g)!
    .map((pair) => Number.parseInt(pair, 16));
}

/** Signs as the server does (apps/api/src/modules/orders/ticket-secrets.ts). */
async function makeKeys() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { pair, publicKey: bytesToBase64Url(raw) };
}

async function sign(privateKey: CryptoKey, ticketId: string, eventId: string, version = 1): Promise<string> {
  const payload = new Uint8Array([version, ...uuidBytes(ticketId), ...uuidBytes(eventId)]);
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, privateKey, payload));
  return bytesToBase64Url(new Uint8Array([...payload, ...signature]));
}

describe('ticket secrets', () => {
  it('base64url round-trips any bytes', () => {
    const bytes = new Uint8Array(Array.from({ length: 97 }, (_, index) => (index * 37) % 256));
    expect(base64UrlToBytes(bytesToBase64Url(bytes))).toEqual(bytes);
    expect(base64UrlToBytes('a+b/')).toBeNull();
    expect(base64UrlToBytes('abcde')).toBeNull();
  });

  it('reads the ticket and event of a secret signed by the key', async () => {
    const { pair, publicKey } = await makeKeys();
    const secret = await sign(pair.privateKey, TICKET, EVENT);
    const key = await importPublicKey(publicKey);
    expect(await verifySecret(key, secret)).toEqual({ ticketId: TICKET, eventId: EVENT });
  });

  it('refuses a secret signed by another key, a changed byte, another version or spelling', async () => {
    const { pair } = await makeKeys();
    const other = await makeKeys();
    const key = await importPublicKey(other.publicKey);
    const secret = await sign(pair.privateKey, TICKET, EVENT);
    expect(await verifySecret(key, secret)).toBeNull();

    const own = await importPublicKey((await exportPublic(pair)).publicKey);
    const bytes = base64UrlToBytes(secret)!;
    bytes[5] = (bytes[5] ?? 0) ^ 1;
    expect(await verifySecret(own, bytesToBase64Url(bytes))).toBeNull();
    expect(await verifySecret(own, await sign(pair.privateKey, TICKET, EVENT, 2))).toBeNull();
    expect(await verifySecret(own, `${secret}A`)).toBeNull();
    expect(await verifySecret(own, 'not a secret')).toBeNull();
    // 97 bytes end on one base64 character carrying 2 bits: changing the 4 unused bits is another spelling.
    const last = secret.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = `${secret.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
    expect(base64UrlToBytes(respelt)).toEqual(base64UrlToBytes(secret));
    expect(await verifySecret(own, respelt)).toBeNull();
  });

  it('this runtime verifies Ed25519', async () => {
    expect(await supportsEd25519()).toBe(true);
  });
});

async function exportPublic(pair: CryptoKeyPair) {
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { publicKey: bytesToBase64Url(raw) };
}
