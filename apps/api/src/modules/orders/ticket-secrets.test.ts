import { generateKeyPairSync } from 'node:crypto';
import { uuidv7 } from '@guichet/db/ids';
import { describe, expect, it } from 'vitest';
import { decryptPrivateKey, encryptPrivateKey, signTicket, verifySecret } from './ticket-secrets';

const pair = () => {
  const keys = generateKeyPairSync('ed25519');
  return { privateKey: keys.privateKey, publicKey: keys.publicKey.export({ format: 'jwk' }).x ?? '' };
};

describe('ticket secrets', () => {
  const key = pair();
  const ticketId = uuidv7();
  const eventId = uuidv7();
  const secret = signTicket(key.privateKey, ticketId, eventId);

  it('verifies with the public key alone and names the ticket and event', () => {
    expect(secret).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(verifySecret(key.publicKey, secret)).toEqual({ ticketId, eventId });
  });

  it('refuses every single-character change, truncation and extension', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < secret.length; i++) {
      const replacement = alphabet[(alphabet.indexOf(secret[i] ?? 'A') + 1) % alphabet.length];
      const tampered = `${secret.slice(0, i)}${replacement}${secret.slice(i + 1)}`;
      expect(verifySecret(key.publicKey, tampered), `position ${i}`).toBeNull();
    }
    expect(verifySecret(key.publicKey, secret.slice(0, -1))).toBeNull();
    expect(verifySecret(key.publicKey, `${secret}A`)).toBeNull();
    expect(verifySecret(key.publicKey, '')).toBeNull();
    expect(verifySecret(key.publicKey, 'not a secret!')).toBeNull();
  });

  it('refuses a secret signed by another organisation’s key, or for another ticket', () => {
    const other = pair();
    expect(verifySecret(key.publicKey, signTicket(other.privateKey, ticketId, eventId))).toBeNull();
    // A valid signature moved onto another ticket id does not verify.
    const forged = Buffer.from(secret, 'base64url');
    forged[5] = (forged[5] ?? 0) ^ 1;
    expect(verifySecret(key.publicKey, forged.toString('base64url'))).toBeNull();
  });

  it('keeps the private key encrypted at rest and only the server secret opens it', () => {
    const serverSecret = new TextEncoder().encode('a-server-secret-of-enough-length-0123456789');
    const stored = encryptPrivateKey(serverSecret, key.privateKey);
    expect(stored).not.toContain(key.publicKey);
    const opened = decryptPrivateKey(serverSecret, stored);
    expect(verifySecret(key.publicKey, signTicket(opened, ticketId, eventId))).toEqual({ ticketId, eventId });
    expect(() =>
      decryptPrivateKey(new TextEncoder().encode('another-secret-0123456789-0123456789'), stored),
    ).toThrow();
  });
});
