import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { findStaffByEmail, insertStaff } from '../modules/auth/auth.repository';
import { hashPassword } from '../modules/auth/passwords';
import { insertMembership, insertOrganization } from '../modules/organizations/organizations.repository';
import { seedDemoEvents } from './demo-events';

/** Named in the README: what a newcomer signs in with after `npm start`. */
export const DEMO_ACCOUNT = { email: 'demo@guichet.example', password: 'guichet-demo' } as const;
const COLLEAGUE = { email: 'alex@guichet.example', password: 'guichet-demo' } as const;
/** Door staff: SCAN only, so the back office offers them no organisation (spec §4). */
const DOOR = { email: 'door@guichet.example', password: 'guichet-demo' } as const;

/**
 * A demo to explore on first start: the demo account administers "Demo Events" and works in a second
 * organisation, "Riverside Festival", with event and finance rights only (so the switcher and the
 * permission-filtered navigation have something to show), with events to explore in "Demo Events". Runs once;
 * later starts leave data alone.
 */
export async function seedDemo(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if (await findStaffByEmail(ctx.db, DEMO_ACCOUNT.email)) return;
  const created = await ctx.db.transaction(async (tx) => {
    const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
    const demo = await insertStaff(tx, {
      email: DEMO_ACCOUNT.email,
      displayName: 'Dana Demo',
      locale: 'en',
      passwordHash,
    });
    const colleague = await insertStaff(tx, {
      email: COLLEAGUE.email,
      displayName: 'Alex Martin',
      locale: 'fr',
      passwordHash,
    });
    const door = await insertStaff(tx, {
      email: DOOR.email,
      displayName: 'Sam Door',
      locale: 'en',
      passwordHash,
    });
    if (!demo || !colleague || !door) return undefined;
    const main = await insertOrganization(tx, { name: 'Demo Events', slug: 'demo-events' });
    const festival = await insertOrganization(tx, { name: 'Riverside Festival', slug: 'riverside-festival' });
    if (!main || !festival) return undefined;
    await insertMembership(tx, { organizationId: main.id, staffId: demo.id, permissions: ['ALL'] });
    await insertMembership(tx, {
      organizationId: main.id,
      staffId: colleague.id,
      permissions: ['EVENT', 'SCAN'],
    });
    await insertMembership(tx, { organizationId: main.id, staffId: door.id, permissions: ['SCAN'] });
    await insertMembership(tx, { organizationId: festival.id, staffId: colleague.id, permissions: ['ALL'] });
    await insertMembership(tx, {
      organizationId: festival.id,
      staffId: demo.id,
      permissions: ['EVENT', 'FINANCE'],
    });
    return { organizationId: main.id, staffId: demo.id };
  });
  if (created) await seedDemoEvents(ctx, created.organizationId, created.staffId);
  log.info(`Demo data created: sign in as ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
}
