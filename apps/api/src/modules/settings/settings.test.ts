import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { organizations, staffOrganizations } from '@guichet/db/schema/organizations';
import { files } from '@guichet/db/schema/settings';
import { twoFactor } from '@guichet/db/schema/sign-in';
import { auditLog } from '@guichet/db/schema/teams';
import type { Permission } from '@guichet/shared/permissions';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  createTestApp,
  type SignedUp,
  signUp,
  type TestContext,
} from '../../../test/support/harness';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(28),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let t: TestContext;
let dataDir: string;
let owner: SignedUp;
let organizationId: string;
let stranger: SignedUp;
let strangerOrganizationId: string;
const staffWith: Partial<Record<Permission, SignedUp>> = {};
const REFUSED: Permission[] = ['EVENT', 'MEMBER', 'FINANCE', 'DASHBOARD', 'SCAN'];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'guichet-settings-'));
  t = await createTestApp({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_IP: '1000' });
  owner = await signUp(t.app, { displayName: 'Owner' });
  organizationId = (await createOrganization(t.app, owner.accessToken, 'Settings Org')).id;
  stranger = await signUp(t.app, { displayName: 'Stranger' });
  strangerOrganizationId = (await createOrganization(t.app, stranger.accessToken, 'Other Org')).id;
  for (const permission of REFUSED) {
    const member = await signUp(t.app, { displayName: `Staff ${permission}` });
    await t.app.ctx.db
      .insert(staffOrganizations)
      .values({ organizationId, staffId: member.user.id, permissions: [permission] });
    staffWith[permission] = member;
  }
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const headers = (token: string, organization = organizationId) => ({
  ...bearer(token),
  'x-organization-id': organization,
});

const patchCompany = (payload: unknown, token = owner.accessToken, organization = organizationId) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/settings/company',
    headers: headers(token, organization),
    payload: payload as object,
  });

const uploadLogo = (
  bytes: Buffer,
  contentType = 'image/png',
  token = owner.accessToken,
  organization = organizationId,
) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings/company/logo',
    headers: { ...headers(token, organization), 'content-type': contentType },
    payload: bytes,
  });

async function snapshot() {
  const [organization] = await t.app.ctx.db
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const fileRows = await t.app.ctx.db.select().from(files).where(eq(files.organizationId, organizationId));
  const audit = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId));
  return JSON.stringify({ organization, fileRows, audit: audit.length });
}

const auditOf = (action: string) =>
  t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

type Call = [string, (token: string, organization?: string) => Promise<LightMyRequestResponse>];
const CALLS: Call[] = [
  [
    'GET /api/settings/overview',
    (token, organization) =>
      t.app.inject({ method: 'GET', url: '/api/settings/overview', headers: headers(token, organization) }),
  ],
  [
    'GET /api/settings/company',
    (token, organization) =>
      t.app.inject({ method: 'GET', url: '/api/settings/company', headers: headers(token, organization) }),
  ],
  [
    'PATCH /api/settings/company',
    (token, organization) => patchCompany({ city: 'Lyon' }, token, organization),
  ],
  [
    'PUT /api/settings/company/logo',
    (token, organization) => uploadLogo(PNG, 'image/png', token, organization),
  ],
  [
    'DELETE /api/settings/company/logo',
    (token, organization) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/settings/company/logo',
        headers: headers(token, organization),
      }),
  ],
  [
    'GET /api/settings/security',
    (token, organization) =>
      t.app.inject({ method: 'GET', url: '/api/settings/security', headers: headers(token, organization) }),
  ],
  [
    'PATCH /api/settings/security',
    (token, organization) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/settings/security',
        headers: headers(token, organization),
        payload: { requireTwoFactor: false },
      }),
  ],
];

describe('permissions', () => {
  it.each(CALLS)('%s is granted to ALL', async (_name, call) => {
    const response = await call(owner.accessToken);
    expect(response.statusCode).toBe(200);
  });

  for (const permission of REFUSED) {
    it.each(CALLS)(`%s is refused to ${permission}-only staff, changing nothing`, async (_name, call) => {
      const before = await snapshot();
      const response = await call((staffWith[permission] as SignedUp).accessToken);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
      expect(await snapshot()).toBe(before);
    });
  }

  it.each(CALLS)('%s is refused to the administrator of another organisation', async (_name, call) => {
    const before = await snapshot();
    const response = await call(stranger.accessToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
    expect(await snapshot()).toBe(before);
  });

  it.each(CALLS)('%s needs a valid session', async (_name, call) => {
    const before = await snapshot();
    const response = await call('not-a-token');
    expect(response.statusCode).toBe(401);
    expect(await snapshot()).toBe(before);
  });

  afterAll(async () => {
    // Leave the shared organisation as the other tests expect it.
    await t.app.inject({
      method: 'DELETE',
      url: '/api/settings/company/logo',
      headers: headers(owner.accessToken),
    });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/settings/security',
      headers: headers(owner.accessToken),
      payload: { requireTwoFactor: false },
    });
  });
});

describe('company settings', () => {
  it('starts from the defaults', async () => {
    const other = await signUp(t.app);
    const id = (await createOrganization(t.app, other.accessToken, 'Fresh Org')).id;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/settings/company',
      headers: headers(other.accessToken, id),
    });
    expect(response.json()).toMatchObject({
      name: 'Fresh Org',
      legalName: null,
      defaultCurrency: 'EUR',
      timeZone: 'Europe/Paris',
      logo: null,
    });
  });

  it('saves the fields, answers what changed, and audits before and after', async () => {
    const payload = {
      name: 'Settings Org Renamed',
      legalName: 'Settings Org SAS',
      addressLine1: '1 rue de la Paix',
      addressLine2: '',
      postalCode: '75002',
      city: 'Paris',
      country: 'France',
      vatNumber: 'fr 12 345678901',
      contactEmail: ' Contact@Example.com ',
      defaultCurrency: 'CHF',
      timeZone: 'America/Toronto',
    };
    const response = await patchCompany(payload);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.changed).toEqual([
      'name',
      'legalName',
      'addressLine1',
      'postalCode',
      'city',
      'country',
      'vatNumber',
      'contactEmail',
      'defaultCurrency',
      'timeZone',
    ]);
    expect(body.settings).toMatchObject({
      name: 'Settings Org Renamed',
      addressLine2: null,
      vatNumber: 'FR 12 345678901',
      contactEmail: 'contact@example.com',
      defaultCurrency: 'CHF',
      timeZone: 'America/Toronto',
    });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/settings/company',
      headers: headers(owner.accessToken),
    });
    expect(read.json()).toEqual(body.settings);

    const entries = await auditOf('settings.company-updated');
    const last = entries.at(-1);
    expect(last).toMatchObject({
      actorStaffId: owner.user.id,
      targetType: 'organization',
      targetId: organizationId,
      before: { name: 'Settings Org', city: 'Lyon', defaultCurrency: 'EUR', timeZone: 'Europe/Paris' },
      after: {
        name: 'Settings Org Renamed',
        city: 'Paris',
        defaultCurrency: 'CHF',
        timeZone: 'America/Toronto',
      },
    });
    expect(Object.keys(last?.after as object).sort()).toEqual([...body.changed].sort());
  });

  it('writes and audits nothing when nothing changes', async () => {
    const count = (await auditOf('settings.company-updated')).length;
    const response = await patchCompany({ city: 'Paris', defaultCurrency: 'CHF' });
    expect(response.statusCode).toBe(200);
    expect(response.json().changed).toEqual([]);
    expect((await auditOf('settings.company-updated')).length).toBe(count);
  });

  it('clears an optional field with an empty string or null', async () => {
    const response = await patchCompany({ legalName: '', country: null });
    expect(response.json().changed).toEqual(['legalName', 'country']);
    expect(response.json().settings).toMatchObject({ legalName: null, country: null });
  });

  it.each([
    ['an unknown currency', { defaultCurrency: 'XYZ' }, 'defaultCurrency'],
    ['a lower-case currency', { defaultCurrency: 'eur' }, 'defaultCurrency'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['a time zone that is not a string', { timeZone: 3 }, 'timeZone'],
    ['a bad e-mail', { contactEmail: 'not-an-email' }, 'contactEmail'],
    ['an empty display name', { name: ' ' }, 'name'],
    ['a display name too long', { name: 'x'.repeat(121) }, 'name'],
    ['a VAT number with odd characters', { vatNumber: 'FR<script>' }, 'vatNumber'],
    ['a postal code too long', { postalCode: '1'.repeat(21) }, 'postalCode'],
    ['an unknown field', { slug: 'mine' }, 'body'],
    ['the logo through the form', { logoFileId: '01900000-0000-7000-8000-000000000000' }, 'body'],
  ])('refuses %s with 400 and the field, changing nothing', async (_label, payload, field) => {
    const before = await snapshot();
    const response = await patchCompany(payload);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('argument-error');
    expect(error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: field === 'body' ? 'body' : `body.${field}` }),
      ]),
    );
    expect(await snapshot()).toBe(before);
  });

  it('refuses a body that is not JSON with 400, never 5xx', async () => {
    for (const [type, payload] of [
      ['application/json', '{"city": '],
      ['text/plain', 'city=Paris'],
      ['application/json', '[]'],
    ] as const) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/settings/company',
        headers: { ...headers(owner.accessToken), 'content-type': type },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('argument-error');
    }
  });

  it('accepts UTC and every listed currency shape', async () => {
    const response = await patchCompany({ timeZone: 'UTC', defaultCurrency: 'JPY' });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings).toMatchObject({ timeZone: 'UTC', defaultCurrency: 'JPY' });
  });
});

describe('logo', () => {
  it('stores a PNG and serves it back byte-identical, with its type and cache headers', async () => {
    const response = await uploadLogo(PNG);
    expect(response.statusCode).toBe(200);
    const { settings, changed } = response.json();
    expect(changed).toEqual(['logo']);
    expect(settings.logo).toEqual({
      fileId: expect.any(String),
      contentType: 'image/png',
      size: PNG.length,
      path: `/files/${settings.logo.fileId}`,
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api${settings.logo.path}`,
      headers: headers(owner.accessToken),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(file.headers.etag).toBe(`"${settings.logo.fileId}"`);
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);

    const again = await t.app.inject({
      method: 'GET',
      url: `/api${settings.logo.path}`,
      headers: { ...headers(owner.accessToken), 'if-none-match': `"${settings.logo.fileId}"` },
    });
    expect(again.statusCode).toBe(304);

    // Any staff member of the organisation may see its logo (it is shown around the app).
    const eventStaff = await t.app.inject({
      method: 'GET',
      url: `/api${settings.logo.path}`,
      headers: headers((staffWith.EVENT as SignedUp).accessToken),
    });
    expect(eventStaff.statusCode).toBe(200);

    const [entry] = (await auditOf('settings.logo-updated')).slice(-1);
    expect(entry?.after).toMatchObject({ logoFileId: settings.logo.fileId, contentType: 'image/png' });
  });

  it('accepts JPEG and WebP, and a generic declared type when the bytes are an image', async () => {
    expect((await uploadLogo(JPEG, 'image/jpeg')).json().settings.logo.contentType).toBe('image/jpeg');
    expect((await uploadLogo(WEBP, 'image/webp')).json().settings.logo.contentType).toBe('image/webp');
    expect((await uploadLogo(PNG, 'application/octet-stream')).json().settings.logo.contentType).toBe(
      'image/png',
    );
  });

  it('replaces the previous logo, whose file is gone', async () => {
    const first = (await uploadLogo(PNG)).json().settings.logo;
    const second = (await uploadLogo(JPEG, 'image/jpeg')).json().settings.logo;
    expect(second.fileId).not.toBe(first.fileId);
    const old = await t.app.inject({
      method: 'GET',
      url: `/api${first.path}`,
      headers: headers(owner.accessToken),
    });
    expect(old.statusCode).toBe(404);
    expect(old.json().error.code).toBe('object-not-found');
    const rows = await t.app.ctx.db.select().from(files).where(eq(files.organizationId, organizationId));
    expect(rows.map((row) => row.id)).toEqual([second.fileId]);
  });

  it('refuses a file over 2 MiB with 413 payload-too-large', async () => {
    const before = await snapshot();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await uploadLogo(big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload-too-large');
    expect(await snapshot()).toBe(before);
  });

  it('accepts a file of exactly 2 MiB', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    expect((await uploadLogo(exact)).statusCode).toBe(200);
  });

  it.each([
    ['a text file declared as PNG', Buffer.from('just some text, renamed logo.png'), 'image/png'],
    ['an SVG', SVG, 'image/svg+xml'],
    ['an SVG declared as PNG', SVG, 'image/png'],
    ['a PNG declared as SVG', PNG, 'image/svg+xml'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/gif'],
    ['a PDF', Buffer.from('%PDF-1.7\n'), 'application/pdf'],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>'), 'text/html'],
  ])('refuses %s with 415 unsupported-file-type', async (_label, bytes, type) => {
    const before = await snapshot();
    const response = await uploadLogo(bytes, type);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported-file-type');
    expect(await snapshot()).toBe(before);
  });

  it('refuses an empty upload with 400', async () => {
    const response = await uploadLogo(Buffer.alloc(0));
    expect(response.statusCode).toBe(400);
  });

  it("gives another organisation's file id the same 404 as a missing one", async () => {
    const foreign = (await uploadLogo(PNG, 'image/png', stranger.accessToken, strangerOrganizationId)).json()
      .settings.logo;
    const viaOurs = await t.app.inject({
      method: 'GET',
      url: `/api${foreign.path}`,
      headers: headers(owner.accessToken),
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/files/01900000-0000-7000-8000-000000000000',
      headers: headers(owner.accessToken),
    });
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/files/not-an-id',
      headers: headers(owner.accessToken),
    });
    for (const response of [viaOurs, missing, malformed]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(missing.body);
    }
    // Through the other organisation's header, we are not staff: 403 as for every scoped call.
    const viaTheirs = await t.app.inject({
      method: 'GET',
      url: `/api${foreign.path}`,
      headers: headers(owner.accessToken, strangerOrganizationId),
    });
    expect(viaTheirs.statusCode).toBe(403);
  });

  it('removes the logo, audited, and its file is gone', async () => {
    const logo = (await uploadLogo(PNG)).json().settings.logo;
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/settings/company/logo',
      headers: headers(owner.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ changed: ['logo'], settings: { logo: null } });
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api${logo.path}`,
      headers: headers(owner.accessToken),
    });
    expect(gone.statusCode).toBe(404);
    const [entry] = (await auditOf('settings.logo-removed')).slice(-1);
    expect(entry).toMatchObject({ before: { logoFileId: logo.fileId }, after: { logoFileId: null } });
    const twice = await t.app.inject({
      method: 'DELETE',
      url: '/api/settings/company/logo',
      headers: headers(owner.accessToken),
    });
    expect(twice.json().changed).toEqual([]);
  });
});

describe('security settings', () => {
  const patchSecurity = (payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/settings/security',
      headers: headers(owner.accessToken),
      payload: payload as object,
    });

  it('refuses to require two-factor of staff while the administrator does not use it', async () => {
    const before = await snapshot();
    const response = await patchSecurity({ requireTwoFactor: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('two-factor-required');
    expect(await snapshot()).toBe(before);
  });

  it('stores requireTwoFactor, answers what changed, and audits it', async () => {
    await t.app.ctx.db
      .insert(twoFactor)
      .values({ staffId: owner.user.id, secretEncrypted: 'test', enabledAt: new Date() });
    const on = await patchSecurity({ requireTwoFactor: true });
    expect(on.json()).toEqual({ settings: { requireTwoFactor: true }, changed: ['requireTwoFactor'] });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/settings/security',
      headers: headers(owner.accessToken),
    });
    expect(read.json()).toEqual({ requireTwoFactor: true });
    const same = await patchSecurity({ requireTwoFactor: true });
    expect(same.json().changed).toEqual([]);
    const [entry] = (await auditOf('settings.security-updated')).slice(-1);
    expect(entry).toMatchObject({ before: { requireTwoFactor: false }, after: { requireTwoFactor: true } });
    await patchSecurity({ requireTwoFactor: false });
  });

  it.each([[{}], [{ requireTwoFactor: 'yes' }], [{ requireTwoFactor: true, extra: 1 }]])(
    'refuses %j with 400',
    async (payload) => {
      const response = await patchSecurity(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('argument-error');
    },
  );
});

describe('overview', () => {
  it('gives the hub its sections: company, sign-up policy, password policy, security, payments', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/settings/overview',
      headers: headers(owner.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      company: { name: expect.any(String) },
      registration: { mode: 'open' },
      passwordPolicy: { minLength: 6 },
      security: { requireTwoFactor: false, viewerHasTwoFactor: expect.any(Boolean) },
      payments: { status: 'arrives-with-ticket-sales' },
    });
  });
});
