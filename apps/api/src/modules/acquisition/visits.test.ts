import { randomUUID } from 'node:crypto';
import { acquisitionTouches } from '@guichet/db/schema/acquisition';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, createLink, visit } from '../../../test/support/acquisition';
import { createEvent } from '../../../test/support/events';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { newShop, TEST_ENV } from '../../../test/support/orders';
import { VisitBuffer } from './visit-buffer';
import { isBot, recordVisit, referrerHost } from './visits.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ...TEST_ENV, PUBLIC_URL: 'https://tickets.example.org' });
});
afterAll(async () => t.close());

const touchesOf = (organizationId: string) =>
  t.app.ctx.db
    .select()
    .from(acquisitionTouches)
    .where(eq(acquisitionTouches.organizationId, organizationId))
    .orderBy(acquisitionTouches.occurredAt, acquisitionTouches.id);

describe('first-party visits', () => {
  it('are recorded from a link, UTM values, an outside referrer or directly, keeping nothing personal', async () => {
    const shop = await newShop(t.app);
    const link = await createLink(t.app, shop, { channel: 'poster', utmSource: 'cafe' });
    const visitorId = randomUUID();
    const sent = [
      { link: link.code.toUpperCase(), utmSource: 'ignored' },
      { utmSource: 'Newsletter', utmMedium: 'Email', utmCampaign: 'june' },
      { referrer: 'https://www.google.com/search?q=concert+paris&private=1' },
      { referrer: 'https://l.instagram.com/?u=https%3A%2F%2Fexample.org' },
      { referrer: 'https://blog.example.net/posts/123?token=secret' },
      { referrer: 'https://tickets.example.org/e/other/page' },
      {},
    ];
    for (const body of sent) {
      const response = await visit(t.app, shop, { visitorId, ...body });
      expect(response.statusCode, response.body).toBe(204);
    }
    const rows = await touchesOf(shop.organizationId);
    expect(
      rows.map((row) => [
        row.source,
        row.channel,
        row.linkId,
        row.utmSource,
        row.utmMedium,
        row.referrerHost,
      ]),
    ).toEqual([
      ['link', 'poster', link.id, 'cafe', 'social', null],
      ['utm', 'email', null, 'Newsletter', 'Email', null],
      ['referrer', 'search', null, null, null, 'google.com'],
      ['referrer', 'social', null, null, null, 'l.instagram.com'],
      ['referrer', 'referral', null, null, null, 'blog.example.net'],
      ['direct', 'direct', null, null, null, null],
      ['direct', 'direct', null, null, null, null],
    ]);
    expect(rows.every((row) => row.visitorId === visitorId && row.kind === 'visit')).toBe(true);
    // Nothing of the request is kept: the row's columns are all there is.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        'channel',
        'eventId',
        'id',
        'kind',
        'linkId',
        'occurredAt',
        'organizationId',
        'referrerHost',
        'source',
        'utmCampaign',
        'utmMedium',
        'utmSource',
        'visitorId',
      ].sort(),
    );
  });

  it('leave bots, prefetches and agentless requests out, answering them the same', async () => {
    const shop = await newShop(t.app);
    const agents = [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36',
      'curl/8.5.0',
      'python-requests/2.31',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'WhatsApp/2.23.20.0',
    ];
    for (const agent of agents) {
      expect((await visit(t.app, shop, {}, { 'user-agent': agent })).statusCode).toBe(204);
    }
    expect((await visit(t.app, shop, {}, { 'user-agent': '' })).statusCode).toBe(204);
    expect(
      (await visit(t.app, shop, {}, { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' })).statusCode,
    ).toBe(204);
    expect((await visit(t.app, shop, {}, { 'user-agent': BROWSER, purpose: 'prefetch' })).statusCode).toBe(
      204,
    );
    expect(await touchesOf(shop.organizationId)).toEqual([]);
    expect((await visit(t.app, shop)).statusCode).toBe(204);
    expect(await touchesOf(shop.organizationId)).toHaveLength(1);
  });

  it('of unknown or unpublished events answer the same and record nothing', async () => {
    const shop = await newShop(t.app);
    const draft = await createEvent(t.app, shop.admin.accessToken, shop.organizationId, { name: 'Draft' });
    expect((await visit(t.app, shop, { eventSlug: draft.slug })).statusCode).toBe(204);
    expect((await visit(t.app, shop, { eventSlug: 'no-such-event' })).statusCode).toBe(204);
    expect((await visit(t.app, shop, { orgSlug: 'no-such-org' })).statusCode).toBe(204);
    // A link of another event counts as no link.
    const other = await newShop(t.app);
    const foreign = await createLink(t.app, other);
    expect((await visit(t.app, shop, { link: foreign.code })).statusCode).toBe(204);
    const rows = await touchesOf(shop.organizationId);
    expect(rows.map((row) => [row.source, row.linkId])).toEqual([['direct', null]]);
  });

  it('refuse bad and oversized bodies with 400 and 413, never 5xx', async () => {
    const shop = await newShop(t.app);
    for (const body of [
      { visitorId: 'not-a-uuid' },
      { kind: 'purchase' },
      { utmSource: 'x'.repeat(101) },
      { orgSlug: '' },
      { referrer: 'x'.repeat(2001) },
    ] as Record<string, unknown>[]) {
      expect((await visit(t.app, shop, body as never)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const huge = await visit(t.app, shop, { referrer: `https://a.example/${'x'.repeat(5000)}` });
    expect(huge.statusCode).toBe(413);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/public/visits',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
      payload: '{"orgSlug":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await touchesOf(shop.organizationId)).toEqual([]);
  });

  it('are rate-limited per address', async () => {
    const limited = await createTestApp({ ...TEST_ENV, PUBLIC_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const shop = await newShop(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await visit(limited.app, shop)).statusCode);
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('credit a checkout started to the visitor’s last visit that came from somewhere', async () => {
    const shop = await newShop(t.app);
    const link = await createLink(t.app, shop, { channel: 'partner' });
    const visitorId = randomUUID();
    await visit(t.app, shop, { visitorId, referrer: 'https://news.example.com/' });
    await visit(t.app, shop, { visitorId, link: link.code });
    await visit(t.app, shop, { visitorId });
    await visit(t.app, shop, { visitorId, kind: 'checkout', utmSource: 'forged' });
    await visit(t.app, shop, { kind: 'checkout' });
    const checkouts = (await touchesOf(shop.organizationId)).filter((row) => row.kind === 'checkout');
    expect(
      checkouts.map((row) => [row.visitorId === visitorId, row.channel, row.linkId, row.utmSource]),
    ).toEqual([
      [true, 'partner', link.id, 'instagram'],
      [false, 'direct', null, null],
    ]);
  });
});

describe('the visit buffer', () => {
  const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;

  it('writes page visits in a batch, and what waits when the process stops', async () => {
    const shop = await newShop(t.app);
    const link = await createLink(t.app, shop, { channel: 'poster' });
    const buffer = new VisitBuffer(t.app.ctx.db, silent, 60_000);
    const ctx = { ...t.app.ctx, visits: buffer };
    const visitorId = randomUUID();
    const page = { orgSlug: shop.orgSlug, eventSlug: shop.event.slug, visitorId, kind: 'visit' as const };
    const browser = { userAgent: BROWSER, purpose: undefined };
    expect(await recordVisit(ctx, { ...page, link: link.code.toUpperCase() }, browser)).toBe(true);
    expect(await recordVisit(ctx, { ...page, utmMedium: 'Email' }, browser)).toBe(true);
    expect(await recordVisit(ctx, { ...page, eventSlug: 'no-such-event' }, browser)).toBe(true);
    expect(await recordVisit(ctx, page, { userAgent: 'Googlebot/2.1', purpose: undefined })).toBe(false);
    expect(await touchesOf(shop.organizationId)).toEqual([]);
    await buffer.stop();
    // One batch: the rows' instants may tie, so their order is not the order they were recorded in.
    const rows = (await touchesOf(shop.organizationId)).sort((a, b) => a.source.localeCompare(b.source));
    expect(rows.map((row) => [row.source, row.channel, row.linkId, row.utmMedium])).toEqual([
      ['link', 'poster', link.id, 'social'],
      ['utm', 'email', null, 'Email'],
    ]);
  });

  it('is written before a checkout started, which is credited to the visit just made', async () => {
    const shop = await newShop(t.app);
    const buffer = new VisitBuffer(t.app.ctx.db, silent, 60_000);
    const ctx = { ...t.app.ctx, visits: buffer };
    const visitorId = randomUUID();
    const page = { orgSlug: shop.orgSlug, eventSlug: shop.event.slug, visitorId };
    const browser = { userAgent: BROWSER, purpose: undefined };
    await recordVisit(ctx, { ...page, kind: 'visit', referrer: 'https://www.qwant.com/' }, browser);
    await recordVisit(ctx, { ...page, kind: 'checkout' }, browser);
    const rows = await touchesOf(shop.organizationId);
    expect(rows.map((row) => [row.kind, row.channel, row.referrerHost])).toEqual([
      ['visit', 'search', 'qwant.com'],
      ['checkout', 'search', 'qwant.com'],
    ]);
    await buffer.stop();
  });

  it('records nothing when recording is off, and answers the beacon alike', async () => {
    const shop = await newShop(t.app);
    const ctx = {
      ...t.app.ctx,
      config: { ...t.app.ctx.config, visits: { ...t.app.ctx.config.visits, recording: false } },
    };
    const page = { orgSlug: shop.orgSlug, eventSlug: shop.event.slug, visitorId: randomUUID() };
    expect(
      await recordVisit(ctx, { ...page, kind: 'visit' }, { userAgent: BROWSER, purpose: undefined }),
    ).toBe(false);
    await t.app.ctx.visits.flush();
    expect(await touchesOf(shop.organizationId)).toEqual([]);
  });
});

describe('bot and referrer rules', () => {
  it('tell browsers from bots', () => {
    expect(isBot({ userAgent: BROWSER, purpose: undefined })).toBe(false);
    expect(isBot({ userAgent: undefined, purpose: undefined })).toBe(true);
    expect(isBot({ userAgent: 'x', purpose: undefined })).toBe(true);
  });

  it('keep only the host of a referrer, never our own', () => {
    expect(referrerHost('https://WWW.Example.com:8443/a?b=c#d', 'https://tickets.example.org')).toBe(
      'example.com',
    );
    expect(referrerHost('javascript:alert(1)', 'https://tickets.example.org')).toBeNull();
    expect(referrerHost('not a url', 'https://tickets.example.org')).toBeNull();
    expect(referrerHost('https://tickets.example.org/x', 'https://tickets.example.org')).toBeNull();
  });
});
