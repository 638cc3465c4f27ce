import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_KEY, BUCKET, SECRET, startFakeS3 } from '../../test/fakes/s3';
import { AppError } from '../errors';
import { LocalDiskStorage } from './local-disk';
import { S3Storage, signV4 } from './s3';
import type { Storage } from './storage';

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function behavesLikeStorage(name: string, make: () => Storage) {
  describe(`${name}: the storage contract`, () => {
    it('stores, reads back byte-identical with its type, and deletes', async () => {
      const storage = make();
      await storage.put('org-1/file-1', PNG, 'image/png');
      const object = await storage.get('org-1/file-1');
      expect(object.contentType).toBe('image/png');
      expect(Buffer.compare(object.bytes, PNG)).toBe(0);
      await storage.delete('org-1/file-1');
      await expectCode(storage.get('org-1/file-1'), 'object-not-found');
    });

    it('answers object-not-found for a missing object, and deleting one is not an error', async () => {
      const storage = make();
      await expectCode(storage.get('org-1/never-written'), 'object-not-found');
      await expect(storage.delete('org-1/never-written')).resolves.toBeUndefined();
    });

    it('replaces an object written twice', async () => {
      const storage = make();
      await storage.put('org-1/twice', Buffer.from('first'), 'text/plain');
      await storage.put('org-1/twice', PNG, 'image/png');
      const object = await storage.get('org-1/twice');
      expect(object.contentType).toBe('image/png');
      expect(Buffer.compare(object.bytes, PNG)).toBe(0);
    });

    it('refuses keys that could leave their place', async () => {
      const storage = make();
      for (const key of ['../escape', '/absolute', 'a/../../b', 'a//b', '', 'a\\b', 'a b']) {
        await expectCode(storage.put(key, PNG, 'image/png'), 'argument-error');
      }
    });

    it('answers canceled when the operation is aborted', async () => {
      const storage = make();
      const controller = new AbortController();
      controller.abort();
      await expectCode(
        storage.put('org-1/aborted', PNG, 'image/png', { signal: controller.signal }),
        'canceled',
      );
    });
  });
}

describe('local disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'guichet-storage-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  behavesLikeStorage('local disk', () => new LocalDiskStorage(dir));

  it('keeps files under its directory', async () => {
    const storage = new LocalDiskStorage(dir);
    await storage.put('org-2/kept', PNG, 'image/png');
    expect((await stat(path.join(dir, 'org-2', 'kept'))).size).toBe(PNG.length);
  });

  it.skipIf(process.getuid?.() === 0)('maps a directory it may not write to unauthorized', async () => {
    const storage = new LocalDiskStorage('/proc/guichet-not-writable');
    await expectCode(storage.put('org/file', PNG, 'image/png'), 'unauthorized');
  });
});

describe('S3-compatible', () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  const config = () => ({
    endpoint: fake.endpoint,
    bucket: BUCKET,
    region: 'eu-west-3',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET,
  });
  beforeAll(async () => {
    fake = await startFakeS3();
  });
  afterAll(async () => fake.close());

  behavesLikeStorage('S3', () => new S3Storage(config()));

  it('signs every request with Signature V4 and path-style addressing', async () => {
    const storage = new S3Storage(config());
    fake.seen.length = 0;
    await storage.put('org-3/signed', PNG, 'image/png');
    expect(fake.objects.get('org-3/signed')?.contentType).toBe('image/png');
    expect(fake.seen).toHaveLength(1);
    expect(fake.seen[0]?.url).toBe(`/${BUCKET}/org-3/signed`);
    expect(fake.seen[0]?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDGUICHETTEST\/\d{8}\/eu-west-3\/s3\/aws4_request, SignedHeaders=content-length;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('maps refused credentials to unauthorized', async () => {
    const storage = new S3Storage({ ...config(), accessKeyId: 'AKIDSOMEONEELSE' });
    await expectCode(storage.get('org-3/signed'), 'unauthorized');
    await expectCode(
      new S3Storage({ ...config(), secretAccessKey: 'wrong' }).get('org-3/signed'),
      'unauthorized',
    );
    await expectCode(new S3Storage(config()).put('denied/file', PNG, 'image/png'), 'unauthorized');
  });

  it('maps the quota error to quota-exceeded', async () => {
    await expectCode(new S3Storage(config()).put('full/file', PNG, 'image/png'), 'quota-exceeded');
  });

  it('maps an upload aborted in flight to canceled', async () => {
    const controller = new AbortController();
    const pending = new S3Storage(config()).put('slow/file', PNG, 'image/png', { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expectCode(pending, 'canceled');
  });

  it('matches the Signature V4 example of the S3 documentation', () => {
    const headers = signV4({
      method: 'GET',
      path: '/test.txt',
      headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});
