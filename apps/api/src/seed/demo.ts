import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { accountExists, createAccount } from '../modules/auth/auth.service';
import { createOrganizationWith } from '../modules/organizations/organizations.service';
import { seedDemoAcquisition } from './demo-acquisition';
import { seedDemoCustomers } from './demo-customers';
import { seedDemoDoors } from './demo-doors';
import { seedDemoEvents } from './demo-events';
import { seedDemoFinances } from './demo-finances';
import { seedDemoGating } from './demo-gating';
import { seedDemoDocuments, seedDemoVat } from './demo-invoices';
import { seedDemoMailings } from './demo-mailings';
import { seedDemoPayouts } from './demo-payouts';

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
  if (await accountExists(ctx.db, DEMO_ACCOUNT.email)) return;
  const created = await ctx.db.transaction(async (tx) => {
    const { password } = DEMO_ACCOUNT;
    const demo = await createAccount(tx, {
      email: DEMO_ACCOUNT.email,
      displayName: 'Dana Demo',
      locale: 'en',
      password,
    });
    const colleague = await createAccount(tx, {
      email: COLLEAGUE.email,
      displayName: 'Alex Martin',
      locale: 'fr',
      password,
    });
    const door = await createAccount(tx, {
      email: DOOR.email,
      displayName: 'Sam Door',
      locale: 'en',
      password,
    });
    if (!demo || !colleague || !door) return undefined;
    const main = await createOrganizationWith(tx, { name: 'Demo Events', slug: 'demo-events' }, [
      { staffId: demo.id, permissions: ['ALL'] },
      { staffId: colleague.id, permissions: ['EVENT', 'SCAN'] },
      { staffId: door.id, permissions: ['SCAN'] },
    ]);
    const festival = await createOrganizationWith(
      tx,
      { name: 'Riverside Festival', slug: 'riverside-festival' },
      [
        { staffId: colleague.id, permissions: ['ALL'] },
        { staffId: demo.id, permissions: ['EVENT', 'FINANCE'] },
      ],
    );
    if (!main || !festival) return undefined;
    return {
      organizationId: main.id,
      staffId: demo.id,
      door: { staffId: door.id, sessionGeneration: door.sessionGeneration },
    };
  });
  if (created) {
    await seedDemoVat(ctx, created.organizationId, created.staffId);
    const published = await seedDemoEvents(ctx, created.organizationId, created.staffId);
    await seedDemoAcquisition(ctx, created.organizationId, created.staffId);
    await seedDemoCustomers(ctx, created.organizationId, created.staffId, published);
    await seedDemoGating(ctx, created.organizationId, created.staffId, published);
    await seedDemoFinances(ctx, created.organizationId, created.staffId);
    await seedDemoDocuments(ctx, created.organizationId, created.staffId);
    await seedDemoMailings(ctx, created.organizationId, created.staffId, log);
    await seedDemoPayouts(ctx, created.organizationId);
    await seedDemoDoors(ctx, created.organizationId, created.staffId, created.door);
  }
  log.info(`Demo data created: sign in as ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
}
