import { customerConsents } from '@guichet/db/schema/customers';
import { mailings, mailSuppressions } from '@guichet/db/schema/mailings';
import type { Mailing, MailingPreview, RecipientPage } from '@guichet/shared/mailings';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boxOffice } from '../../../test/support/customers';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { addPeople, draftMailing, listOf, runLane, statusesOf } from '../../../test/support/mailings';
import { newShop, TEST_ENV } from '../../../test/support/orders';
import { signUnsubscribeToken } from './unsubscribe-token';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ...TEST_ENV, MAILING_RATE_PER_MINUTE: '100000' });
});
afterAll(async () => t.close());
beforeEach(() => {
  t.mails.length = 0;
});

const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const mailTo = (email: string) => t.mails.filter((mail) => mail.to === email);

describe('a marketing mailing to a member list', () => {
  it('reaches only consenting, unsuppressed members, with a footer and one-click unsubscribe', async () => {
    const shop = await newShop(t.app);
    await shop.call('PATCH', '/api/settings/company', {
      legalName: 'Théâtre du Port SAS',
      addressLine1: '3 quai des Arts',
      postalCode: '13002',
      city: 'Marseille',
      country: 'FR',
    });
    const yes = unique('yes');
    const no = unique('no');
    const never = unique('never');
    const gone = unique('gone');
    const ids = await addPeople(t.app, shop.organizationId, [
      { email: yes, consent: true, language: 'fr' },
      { email: no, consent: false },
      { email: never, consent: null },
      { email: gone, consent: true },
    ]);
    await t.app.ctx.db
      .insert(mailSuppressions)
      .values({ organizationId: shop.organizationId, email: gone, reason: 'complained' });
    const listId = await listOf(shop, ids);
    const mailing = await draftMailing(shop, { audience: { kind: 'list', listId } });
    expect(mailing.status).toBe('draft');

    const sent = await shop.call('POST', `/api/mailings/${mailing.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    await runLane(t.app);

    const statuses = await statusesOf(t.app, mailing.id);
    expect(Object.fromEntries(statuses)).toEqual({
      [yes]: 'sent',
      [no]: 'skipped-no-consent',
      [never]: 'skipped-no-consent',
      [gone]: 'skipped-suppressed',
    });
    expect(t.mails.map((mail) => mail.to)).toEqual([yes]);
    const [mail] = mailTo(yes);
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:4000\/api\/public\/unsubscribe\?token=[^>]+>$/,
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.html).toContain('Théâtre du Port SAS');
    expect(mail?.html).toContain('3 quai des Arts, 13002 Marseille, FR');
    expect(mail?.html).toContain('Se désinscrire');
    expect(mail?.text).toContain('Our spring season opens on 4 April.');

    const done = (await shop.call('GET', `/api/mailings/${mailing.id}`)).json<Mailing>();
    expect(done.status).toBe('sent');
    expect(done.progress).toMatchObject({
      total: 4,
      sent: 1,
      skippedNoConsent: 2,
      skippedSuppressed: 1,
      queued: 0,
    });

    const page = (
      await shop.call('GET', `/api/mailings/${mailing.id}/recipients?limit=3`)
    ).json<RecipientPage>();
    expect(page.items).toHaveLength(3);
    const rest = (
      await shop.call('GET', `/api/mailings/${mailing.id}/recipients?limit=3&cursor=${page.nextCursor}`)
    ).json<RecipientPage>();
    expect(rest.items).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
  });

  it('checks suppression and consent when the mail leaves, not when the mailing was made', async () => {
    const shop = await newShop(t.app);
    const later = unique('later');
    const changed = unique('changed');
    const ids = await addPeople(t.app, shop.organizationId, [
      { email: later, consent: true },
      { email: changed, consent: true },
    ]);
    const mailing = await draftMailing(shop, { audience: { kind: 'list', listId: await listOf(shop, ids) } });
    await shop.call('POST', `/api/mailings/${mailing.id}/send`);
    // The recipients are queued, then the address is suppressed and the consent withdrawn.
    await t.app.mailingLane.expand();
    expect((await statusesOf(t.app, mailing.id)).size).toBe(2);
    await t.app.ctx.db
      .insert(mailSuppressions)
      .values({ organizationId: shop.organizationId, email: later, reason: 'bounced' });
    const withdrawn = await shop.call('POST', `/api/customers/${ids[1]}/consents`, {
      granted: false,
      wording: 'Asked by phone',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await runLane(t.app);
    expect(Object.fromEntries(await statusesOf(t.app, mailing.id))).toEqual({
      [later]: 'skipped-suppressed',
      [changed]: 'skipped-no-consent',
    });
    expect(t.mails).toHaveLength(0);
  });

  it('goes to a filtered set of customers (the customers list’s filters)', async () => {
    const shop = await newShop(t.app);
    const tagged = unique('tagged');
    const other = unique('other');
    const ids = await addPeople(t.app, shop.organizationId, [
      { email: tagged, consent: true },
      { email: other, consent: true },
    ]);
    await shop.call('POST', '/api/customers/tags', { customerIds: [ids[0]], add: ['jazz'] });
    const mailing = await draftMailing(shop, { audience: { kind: 'filter', filters: { tag: 'jazz' } } });
    await shop.call('POST', `/api/mailings/${mailing.id}/send`);
    await runLane(t.app);
    expect(t.mails.map((mail) => mail.to)).toEqual([tagged]);
  });
});

describe('an event update', () => {
  it('reaches the event’s ticket holders without consent and carries no unsubscribe link', async () => {
    const shop = await newShop(t.app);
    const holder = unique('holder');
    await boxOffice(shop, { name: 'Hana Holder', email: holder });
    const mailing = await draftMailing(shop, {
      kind: 'event-update',
      audience: { kind: 'event', eventId: shop.event.id },
      subject: 'Doors open at 19:00',
    });
    await shop.call('POST', `/api/mailings/${mailing.id}/send`);
    await runLane(t.app);
    const [mail] = mailTo(holder);
    expect(mail?.subject).toBe('Doors open at 19:00');
    expect(mail?.headers).toBeUndefined();
    expect(Object.fromEntries(await statusesOf(t.app, mailing.id))).toEqual({ [holder]: 'sent' });
  });

  it('is refused for a list, and marketing is refused for an event', async () => {
    const shop = await newShop(t.app);
    const wrong = await shop.call('POST', '/api/mailings', {
      kind: 'event-update',
      audience: { kind: 'list', listId: crypto.randomUUID() },
      subject: 'x',
      bodyHtml: '<p>x</p>',
    });
    expect(wrong.statusCode).toBe(400);
    const marketing = await shop.call('POST', '/api/mailings', {
      kind: 'marketing',
      audience: { kind: 'event', eventId: shop.event.id },
      subject: 'x',
      bodyHtml: '<p>x</p>',
    });
    expect(marketing.statusCode).toBe(400);
  });
});

describe('writing a mailing', () => {
  it('sanitises the text, previews it in English and French, and test-sends it to oneself', async () => {
    const shop = await newShop(t.app);
    const listId = await listOf(shop, []);
    const mailing = await draftMailing(shop, {
      audience: { kind: 'list', listId },
      bodyHtml: '<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:x">link</a></p>',
    });
    expect(mailing.bodyHtml).toBe('<p>Hello <a>link</a></p>');
    const empty = await shop.call('POST', '/api/mailings', {
      kind: 'marketing',
      audience: { kind: 'list', listId },
      subject: 'Nothing',
      bodyHtml: '<script>alert(1)</script>',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([{ path: 'body.bodyHtml', message: 'empty' }]);

    const preview = (await shop.call('GET', `/api/mailings/${mailing.id}/preview`)).json<MailingPreview>();
    expect(preview.html.en).toContain('Unsubscribe');
    expect(preview.html.fr).toContain('Se désinscrire');

    const test = await shop.call('POST', `/api/mailings/${mailing.id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    await t.app.outbox.drain();
    const [mail] = mailTo(shop.admin.email);
    expect(mail?.subject).toBe('[Test] Spring season');
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const edited = await shop.call('PATCH', `/api/mailings/${mailing.id}`, { subject: 'Spring, again' });
    expect(edited.json<Mailing>().subject).toBe('Spring, again');
    await shop.call('POST', `/api/mailings/${mailing.id}/send`);
    const late = await shop.call('PATCH', `/api/mailings/${mailing.id}`, { subject: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('invalid-status-transition');
  });

  it('pauses, resumes and cancels; a cancelled mailing sends nothing more', async () => {
    const shop = await newShop(t.app);
    const people = Array.from({ length: 6 }, (_, i) => ({ email: unique(`p${i}`), consent: true }));
    const ids = await addPeople(t.app, shop.organizationId, people);
    const mailing = await draftMailing(shop, { audience: { kind: 'list', listId: await listOf(shop, ids) } });
    expect((await shop.call('POST', `/api/mailings/${mailing.id}/pause`)).statusCode).toBe(409);
    await shop.call('POST', `/api/mailings/${mailing.id}/send`);
    await t.app.mailingLane.expand();
    const paused = await shop.call('POST', `/api/mailings/${mailing.id}/pause`);
    expect(paused.json<Mailing>().status).toBe('paused');
    await t.app.mailingLane.runOnce();
    expect(t.mails).toHaveLength(0);
    await shop.call('POST', `/api/mailings/${mailing.id}/resume`);
    const cancelled = await shop.call('POST', `/api/mailings/${mailing.id}/cancel`);
    expect(cancelled.json<Mailing>()).toMatchObject({
      status: 'cancelled',
      progress: { cancelled: 6, queued: 0 },
    });
    await runLane(t.app);
    expect(t.mails).toHaveLength(0);
    expect((await shop.call('POST', `/api/mailings/${mailing.id}/resume`)).statusCode).toBe(409);
  });
});

describe('the unsubscribe link', () => {
  it('works without signing in: GET asks, POST suppresses and records a withdrawal, once', async () => {
    const shop = await newShop(t.app);
    const email = unique('leaving');
    const [customerId] = await addPeople(t.app, shop.organizationId, [{ email, consent: true }]);
    const mailing = await draftMailing(shop, {
      audience: { kind: 'list', listId: await listOf(shop, [customerId ?? '']) },
    });
    await shop.call('POST', `/api/mailings/${mailing.id}/send`);
    await runLane(t.app);
    const header = mailTo(email)[0]?.headers?.['List-Unsubscribe'] ?? '';
    const url = new URL(header.slice(1, -1));

    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post">');
    expect(page.body).toContain('Se désinscrire');
    // Opening the page changed nothing.
    expect(
      await t.app.ctx.db.select().from(mailSuppressions).where(eq(mailSuppressions.email, email)),
    ).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const oneClick = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode, oneClick.body).toBe(200);
    }
    const suppressed = await t.app.ctx.db
      .select()
      .from(mailSuppressions)
      .where(eq(mailSuppressions.email, email));
    expect(suppressed).toMatchObject([{ organizationId: shop.organizationId, reason: 'unsubscribed' }]);
    const consents = await t.app.ctx.db
      .select()
      .from(customerConsents)
      .where(
        and(eq(customerConsents.customerId, customerId ?? ''), eq(customerConsents.source, 'unsubscribe')),
      )
      .orderBy(desc(customerConsents.id));
    expect(consents).toHaveLength(1);
    expect(consents[0]?.granted).toBe(false);

    // The next mailing skips the address.
    const next = await draftMailing(shop, {
      audience: { kind: 'list', listId: await listOf(shop, [customerId ?? '']) },
    });
    await shop.call('POST', `/api/mailings/${next.id}/send`);
    await runLane(t.app);
    expect(Object.fromEntries(await statusesOf(t.app, next.id))).toEqual({ [email]: 'skipped-suppressed' });
  });

  it('refuses a token forged for another address or signed with another secret, changing nothing', async () => {
    const shop = await newShop(t.app);
    const victim = unique('victim');
    await addPeople(t.app, shop.organizationId, [{ email: victim, consent: true }]);
    const mine = signUnsubscribeToken(t.app.ctx.config.jwtSecret, {
      organizationId: shop.organizationId,
      email: unique('me'),
    });
    const [, signature] = mine.split('.');
    const swapped = `${Buffer.from(`${shop.organizationId}\n${victim}`).toString('base64url')}.${signature}`;
    const otherSecret = signUnsubscribeToken(new TextEncoder().encode('x'.repeat(48)), {
      organizationId: shop.organizationId,
      email: victim,
    });
    for (const token of [swapped, otherSecret, 'nonsense', `${mine}.extra`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/public/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('This link does not work');
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/public/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(page.statusCode).toBe(400);
    }
    expect(
      await t.app.ctx.db
        .select()
        .from(mailSuppressions)
        .where(eq(mailSuppressions.organizationId, shop.organizationId)),
    ).toEqual([]);
  });
});

describe('the dashboard', () => {
  it('shows a mailing paused for more than an hour as needing attention, not one paused just now', async () => {
    const shop = await newShop(t.app);
    const mailing = await draftMailing(shop, { audience: { kind: 'list', listId: await listOf(shop, []) } });
    await shop.call('POST', `/api/mailings/${mailing.id}/send`);
    await shop.call('POST', `/api/mailings/${mailing.id}/pause`);
    const stopped = async () => {
      const attention = await shop.call('GET', '/api/dashboard/attention');
      expect(attention.statusCode, attention.body).toBe(200);
      return attention
        .json<{ items: { kind: string; count: number }[] }>()
        .items.find((i) => i.kind === 'mailing-stopped');
    };
    expect(await stopped()).toBeUndefined();
    await t.app.ctx.db
      .update(mailings)
      .set({ statusChangedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(mailings.id, mailing.id));
    expect(await stopped()).toMatchObject({ count: 1 });
  });
});
