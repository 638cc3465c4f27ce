import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_KEY, BUCKET, SECRET, startFakeS3 } from '../../../test/fakes/s3';
import {
  bearer,
  createOrganization,
  createTestApp,
  signUp,
  type TestContext,
} from '../../../test/support/harness';
import { loadConfig } from '../../config';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('logo through an S3-compatible backend', () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  let t: TestContext;
  beforeAll(async () => {
    fake = await startFakeS3();
    t = await createTestApp({
      STORAGE_S3_ENDPOINT: fake.endpoint,
      STORAGE_S3_BUCKET: BUCKET,
      STORAGE_S3_REGION: 'eu-west-3',
      STORAGE_S3_ACCESS_KEY_ID: ACCESS_KEY,
      STORAGE_S3_SECRET_ACCESS_KEY: SECRET,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('stores the bytes in the bucket, serves them back, and removes them with the logo', async () => {
    expect(t.app.ctx.config.storage.kind).toBe('s3');
    const owner = await signUp(t.app);
    const organizationId = (await createOrganization(t.app, owner.accessToken)).id;
    const headers = { ...bearer(owner.accessToken), 'x-organization-id': organizationId };
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/company/logo',
      headers: { ...headers, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(upload.statusCode).toBe(200);
    const logo = upload.json().settings.logo;
    const key = `${organizationId}/${logo.fileId}`;
    expect(fake.objects.get(key)?.contentType).toBe('image/png');
    expect(fake.seen.at(-1)?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=/);

    const file = await t.app.inject({ method: 'GET', url: `/api${logo.path}`, headers });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);

    await t.app.inject({ method: 'DELETE', url: '/api/settings/company/logo', headers });
    expect(fake.objects.has(key)).toBe(false);
  });

  it('answers the storage code when the bucket refuses', async () => {
    const owner = await signUp(t.app);
    const organizationId = (await createOrganization(t.app, owner.accessToken)).id;
    const headers = { ...bearer(owner.accessToken), 'x-organization-id': organizationId };
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/company/logo',
      headers: { ...headers, 'content-type': 'image/png' },
      payload: PNG,
    });
    const logo = upload.json().settings.logo;
    fake.objects.delete(`${organizationId}/${logo.fileId}`);
    const file = await t.app.inject({ method: 'GET', url: `/api${logo.path}`, headers });
    expect(file.statusCode).toBe(404);
    expect(file.json().error.code).toBe('object-not-found');
  });
});

describe('configuration', () => {
  const base = { JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789', DATA_DIR: '/tmp/guichet-cfg' };

  it('keeps files on local disk under DATA_DIR/files and registration open by default', () => {
    const config = loadConfig(base);
    expect(config.storage).toEqual({ kind: 'local', dir: '/tmp/guichet-cfg/files' });
    expect(config.registration).toBe('open');
  });

  it('reads REGISTRATION and refuses other values', () => {
    expect(loadConfig({ ...base, REGISTRATION: 'invite-only' }).registration).toBe('invite-only');
    expect(() => loadConfig({ ...base, REGISTRATION: 'closed' })).toThrow(/REGISTRATION/);
  });

  it('selects S3 with a bucket, and requires its keys', () => {
    expect(() => loadConfig({ ...base, STORAGE_S3_BUCKET: 'logos' })).toThrow(/STORAGE_S3_ACCESS_KEY_ID/);
    const config = loadConfig({
      ...base,
      STORAGE_S3_BUCKET: 'logos',
      STORAGE_S3_REGION: 'eu-west-3',
      STORAGE_S3_ACCESS_KEY_ID: 'id',
      STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage).toMatchObject({
      kind: 's3',
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      bucket: 'logos',
    });
  });
});
