import { organizations } from '@guichet/db/schema/organizations';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { DEMO_ACCOUNT } from '../../src/seed/demo';
import { orgHeaders } from './teams';

/** The README's demo account signed in, with the headers of its work in *Demo Events*. */
export async function demoHeaders(app: App): Promise<Record<string, string>> {
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: DEMO_ACCOUNT });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const { accessToken } = signIn.json() as { accessToken: string };
  const [demo] = await app.ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, 'demo-events'));
  if (!demo) throw new Error('no demo organisation');
  return orgHeaders(accessToken, demo.id);
}
