import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { memberLists } from '../modules/customers/member-lists.service';
import { MailingLane } from '../modules/mailings/mailing-lane';
import { actOnMailing, createMailing } from '../modules/mailings/mailings.service';

/**
 * The demo organisation's mailings, through the services: one sent to the members' list (those who gave
 * consent received it, the others are shown as skipped), one draft for the next programme. The demo's mail
 * is kept in the outbox for the development mailbox, never handed to a mail server.
 */
export async function seedDemoMailings(
  ctx: AppContext,
  organizationId: string,
  actor: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const list = (await memberLists(ctx, organizationId, { limit: 100 })).items.find(
    (candidate) => candidate.name === 'Friends of Demo Events',
  );
  if (!list) return;
  const sent = await createMailing(ctx, organizationId, actor, {
    kind: 'marketing',
    audience: { kind: 'list', listId: list.id },
    subject: 'Members’ preview: the autumn season',
    bodyHtml:
      '<p>Dear friends,</p><p>Before anyone else, here is our <strong>autumn season</strong>: three concerts and a ' +
      'jazz night. Members’ tickets open on Monday at 10:00.</p><ul><li>Opening night with the city orchestra</li>' +
      '<li>Jazz at the harbour</li></ul><p>See you soon!</p>',
  });
  await actOnMailing(ctx, organizationId, actor, sent.id, 'send');
  const lane = new MailingLane({
    db: ctx.db,
    mailer: null,
    log,
    publicUrl: ctx.config.publicUrl,
    secret: ctx.config.jwtSecret,
    ratePerMinute: 6000,
    leaseSeconds: ctx.config.outboxLeaseSeconds,
  });
  // A handful of recipients: a few runs expand and deliver them all.
  for (let run = 0; run < 5; run++) await lane.runOnce();
  await createMailing(ctx, organizationId, actor, {
    kind: 'marketing',
    audience: { kind: 'filter', filters: { tag: 'newsletter', eventRelation: 'bought' } },
    subject: 'This month at Demo Events',
    bodyHtml: '<p>Our programme for the month, with a few seats left for the Sunday matinée.</p>',
  });
}
