import { mailSuppressions } from '@guichet/db/schema/mailings';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { addPeople, draftMailing, listOf, runLane, statusesOf } from '../../../test/support/mailings';
import { newShop, type Shop, TEST_ENV } from '../../../test/support/orders';

/**
 * Random people (consent granted, withdrawn or never recorded; suppressed before the mailing, after its
 * recipients were queued, or not at all; on the list or not): a marketing mailing to a list or to every
 * customer reaches exactly the consenting, unsuppressed people of its audience, and no one else.
 */

let t: TestContext;
let shop: Shop;
beforeAll(async () => {
  t = await createTestApp({ ...TEST_ENV, MAILING_RATE_PER_MINUTE: '100000' });
  shop = await newShop(t.app);
});
afterAll(async () => t.close());

const person = fc.record({
  consent: fc.constantFrom(true, false, null),
  suppressed: fc.constantFrom('no' as const, 'before' as const, 'after-queueing' as const),
  reason: fc.constantFrom('unsubscribed' as const, 'bounced' as const, 'complained' as const),
  onList: fc.boolean(),
  // Upper case in the customer's address: suppression and consent still match the lower-case recipient.
  shouting: fc.boolean(),
});

describe('marketing mail never reaches a suppressed or non-consenting address', () => {
  it('holds over random lists, consents and suppressions', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(person, { minLength: 1, maxLength: 10 }),
        fc.boolean(),
        async (people, byList) => {
          run += 1;
          const emails = people.map((p, i) => {
            const email = `r${run}-p${i}-${crypto.randomUUID().slice(0, 6)}@example.com`;
            return p.shouting ? email.toUpperCase() : email;
          });
          const lower = emails.map((email) => email.toLowerCase());
          const ids = await addPeople(
            t.app,
            shop.organizationId,
            people.map((p, i) => ({ email: emails[i] ?? '', consent: p.consent })),
          );
          const suppress = async (when: 'before' | 'after-queueing') => {
            const rows = people.flatMap((p, i) =>
              p.suppressed === when
                ? [{ organizationId: shop.organizationId, email: lower[i] ?? '', reason: p.reason }]
                : [],
            );
            if (rows.length > 0) await t.app.ctx.db.insert(mailSuppressions).values(rows);
          };
          await suppress('before');
          const tag = `run${run}`;
          const audience = byList
            ? {
                kind: 'list',
                listId: await listOf(
                  shop,
                  ids.filter((_, i) => people[i]?.onList),
                ),
              }
            : { kind: 'filter', filters: { tag } };
          if (!byList) await shop.call('POST', '/api/customers/tags', { customerIds: ids, add: [tag] });
          const mailing = await draftMailing(shop, { audience });
          t.mails.length = 0;
          await shop.call('POST', `/api/mailings/${mailing.id}/send`);
          await t.app.mailingLane.expand();
          await suppress('after-queueing');
          await runLane(t.app);

          const inAudience = (i: number) => !byList || people[i]?.onList === true;
          const allowed = new Set(
            lower.filter(
              (_, i) => inAudience(i) && people[i]?.consent === true && people[i]?.suppressed === 'no',
            ),
          );
          const reached = t.mails.map((mail) => mail.to);
          expect(new Set(reached)).toEqual(allowed);
          expect(reached).toHaveLength(allowed.size);
          const statuses = await statusesOf(t.app, mailing.id);
          lower.forEach((email, i) => {
            const p = people[i];
            if (!p || !inAudience(i)) {
              expect(statuses.has(email)).toBe(false);
              return;
            }
            const expected =
              p.suppressed !== 'no'
                ? 'skipped-suppressed'
                : p.consent === true
                  ? 'sent'
                  : 'skipped-no-consent';
            expect(statuses.get(email)).toBe(expected);
          });
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
