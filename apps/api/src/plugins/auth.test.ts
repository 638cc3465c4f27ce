import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../tokens';
import { VerifiedTokens } from './auth';

const secret = new TextEncoder().encode('scanner-auth-test-secret-0123456789-abcdef');

describe('remembered access tokens of the redeem route', () => {
  it('answers the token’s staff member, and refuses forged and foreign tokens', async () => {
    const tokens = new VerifiedTokens(secret);
    const staffId = randomUUID();
    const token = await signAccessToken(secret, staffId, 900);
    expect(await tokens.claimsOf(token)).toEqual({ staffId, sessionGeneration: 0 });
    expect(await tokens.claimsOf(token)).toEqual({ staffId, sessionGeneration: 0 });
    const later = await signAccessToken(secret, staffId, 900, 3);
    expect(await tokens.claimsOf(later)).toEqual({ staffId, sessionGeneration: 3 });
    const forged = `${token.slice(0, -3)}abc`;
    await expect(tokens.claimsOf(forged)).rejects.toMatchObject({ code: 'unauthenticated' });
    const foreign = await signAccessToken(
      new TextEncoder().encode('another-secret-another-secret-0123456'),
      staffId,
      900,
    );
    await expect(tokens.claimsOf(foreign)).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('never remembers a token past its expiry', async () => {
    let now = Date.now();
    const tokens = new VerifiedTokens(secret, () => now);
    const token = await signAccessToken(secret, randomUUID(), 2);
    await tokens.claimsOf(token);
    now += 2_500;
    // The remembered entry has lapsed, so the signature and expiry are checked again (real clock: 2 s on).
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await expect(tokens.claimsOf(token)).rejects.toMatchObject({ code: 'token-expired' });
  });
});
