import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { files } from '@guichet/db/schema/settings';
import type { Permission } from '@guichet/shared/permissions';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, eventBody } from '../../../test/support/events';
import { createTestApp, type SignedUp, type TestContext } from '../../../test/support/harness';
import { addStaff, newTeam, orgHeaders, type Team } from '../../../test/support/teams';

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
const MIB = 1024 * 1024;

let t: TestContext;
let dataDir: string;
let team: Team;
let outsider: Team;
const staffBy = new Map<Permission, SignedUp>();
const REFUSED: Permission[] = ['FINANCE', 'MEMBER', 'DASHBOARD', 'SCAN'];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'guichet-covers-'));
  t = await createTestApp({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_IP: '10000' });
  team = await newTeam(t.app, 'Covers Org');
  outsider = await newTeam(t.app, 'Elsewhere');
  for (const permission of ['EVENT', ...REFUSED] as Permission[]) {
    staffBy.set(permission, await addStaff(t.app, team.organizationId, [permission]));
  }
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

function upload(
  bytes: Buffer,
  contentType = 'image/png',
  token = team.admin.accessToken,
  organizationId = team.organizationId,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/events/covers',
    headers: { ...orgHeaders(token, organizationId), 'content-type': contentType },
    payload: bytes,
  });
}

const fileRows = () =>
  t.app.ctx.db
    .select()
    .from(files)
    .where(eq(files.organizationId, team.organizationId))
    .orderBy(asc(files.id));

describe('POST /api/events/covers', () => {
  it('stores an image for ALL, usable as an event cover and served back byte-identical', async () => {
    const response = await upload(PNG);
    expect(response.statusCode, response.body).toBe(201);
    const { fileId } = response.json<{ fileId: string }>();
    const [row] = (await fileRows()).filter((file) => file.id === fileId);
    expect(row).toMatchObject({ contentType: 'image/png', size: PNG.length, purpose: 'event-cover' });

    const created = await client(t.app, team.admin.accessToken, team.organizationId)(
      'POST',
      '/api/events',
      eventBody({ coverFileId: fileId }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().coverFileId).toBe(fileId);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}`,
      headers: orgHeaders(staffBy.get('EVENT')!.accessToken, team.organizationId),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('is granted to EVENT staff', async () => {
    const response = await upload(JPEG, 'image/jpeg', staffBy.get('EVENT')!.accessToken);
    expect(response.statusCode, response.body).toBe(201);
  });

  it.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
    ['a PNG sent as generic bytes', PNG, 'application/octet-stream'],
  ])('accepts %s, typed from its bytes', async (_label, bytes, type) => {
    const response = await upload(bytes, type);
    expect(response.statusCode, response.body).toBe(201);
    const [row] = (await fileRows()).filter((file) => file.id === response.json().fileId);
    expect(row?.contentType).toBe(type === 'application/octet-stream' ? 'image/png' : type);
  });

  it.each(REFUSED)('is refused to %s staff, storing nothing', async (permission) => {
    const before = await fileRows();
    const response = await upload(PNG, 'image/png', staffBy.get(permission)!.accessToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
    expect(await fileRows()).toEqual(before);
  });

  it('is refused to the admin of another organisation, storing nothing', async () => {
    const before = await fileRows();
    const response = await upload(PNG, 'image/png', outsider.admin.accessToken);
    expect(response.statusCode).toBe(403);
    expect(await fileRows()).toEqual(before);
  });

  it("cannot be named as the cover of another organisation's event", async () => {
    const foreign = (
      await upload(PNG, 'image/png', outsider.admin.accessToken, outsider.organizationId)
    ).json();
    const response = await client(t.app, team.admin.accessToken, team.organizationId)(
      'POST',
      '/api/events',
      eventBody({ coverFileId: foreign.fileId }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([expect.objectContaining({ path: 'body.coverFileId' })]);
  });

  it.each([
    ['a text file declared as PNG', Buffer.from('just some text, renamed cover.png'), 'image/png'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
    ],
    ['a PNG declared as SVG', PNG, 'image/svg+xml'],
    ['a PDF', Buffer.from('%PDF-1.7\n'), 'application/pdf'],
    ['JSON', Buffer.from('{"fileId":"x"}'), 'application/json'],
  ])('refuses %s with 415 unsupported-file-type', async (_label, bytes, type) => {
    const before = await fileRows();
    const response = await upload(bytes, type);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported-file-type');
    expect(await fileRows()).toEqual(before);
  });

  it('refuses more than 5 MiB with 413 payload-too-large, and accepts exactly 5 MiB', async () => {
    const before = await fileRows();
    const response = await upload(Buffer.concat([PNG, Buffer.alloc(5 * MIB)]));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload-too-large');
    expect(await fileRows()).toEqual(before);
    expect((await upload(Buffer.concat([PNG, Buffer.alloc(5 * MIB - PNG.length)]))).statusCode).toBe(201);
  });

  it('refuses an empty upload with 400', async () => {
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(400);
  });
});
