import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signV4 } from '../../src/storage/s3';

/** Test support: an in-memory S3-compatible server on 127.0.0.1. */
export const ACCESS_KEY = 'AKIDGUICHETTEST';
export const SECRET = 'fake-secret-key-for-tests';
export const BUCKET = 'guichet-files';

/**
 * A tiny S3-compatible server: checks that each request carries a Signature V4 made with the known
 * credentials over what it received, and keeps objects in memory. Keys under `denied/` answer 403 and
 * keys under `full/` answer the quota error; keys under `slow/` wait before answering.
 */
export async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const seen: { method: string; url: string; authorization: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const authorization = String(request.headers.authorization ?? '');
      seen.push({ method: request.method ?? '', url: request.url ?? '', authorization });
      const fail = (status: number, code: string) => {
        response.writeHead(status, { 'content-type': 'application/xml' });
        response.end(`<?xml version="1.0"?><Error><Code>${code}</Code></Error>`);
      };
      const match =
        /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
          authorization,
        );
      if (!match) return fail(403, 'AccessDenied');
      const [, keyId, , region, signedHeaders, signature] = match;
      if (keyId !== ACCESS_KEY) return fail(403, 'InvalidAccessKeyId');
      const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
      if (payloadHash !== createHash('sha256').update(body).digest('hex')) {
        return fail(400, 'XAmzContentSHA256Mismatch');
      }
      const amzDate = String(request.headers['x-amz-date'] ?? '');
      const date = new Date(
        `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
      );
      const headers: Record<string, string> = {};
      for (const name of (signedHeaders ?? '').split(';')) {
        if (name !== 'x-amz-date' && name !== 'x-amz-content-sha256') {
          headers[name] = String(request.headers[name] ?? '');
        }
      }
      const expected = signV4({
        method: request.method ?? '',
        path: (request.url ?? '').split('?')[0] ?? '',
        headers,
        payloadHash,
        region: region ?? '',
        accessKeyId: ACCESS_KEY,
        secretAccessKey: SECRET,
        date,
      }).authorization;
      if (!expected?.endsWith(`Signature=${signature}`)) return fail(403, 'SignatureDoesNotMatch');

      const prefix = `/${BUCKET}/`;
      if (!request.url?.startsWith(prefix)) return fail(404, 'NoSuchBucket');
      const key = decodeURIComponent(request.url.slice(prefix.length));
      if (key.startsWith('denied/')) return fail(403, 'AccessDenied');
      if (key.startsWith('full/')) return fail(403, 'QuotaExceeded');
      const answer = () => {
        if (request.method === 'PUT') {
          objects.set(key, {
            body,
            contentType: String(request.headers['content-type'] ?? 'application/octet-stream'),
          });
          response.writeHead(200).end();
        } else if (request.method === 'GET') {
          const object = objects.get(key);
          if (!object) return fail(404, 'NoSuchKey');
          response.writeHead(200, { 'content-type': object.contentType }).end(object.body);
        } else if (request.method === 'DELETE') {
          objects.delete(key);
          response.writeHead(204).end();
        } else fail(405, 'MethodNotAllowed');
      };
      if (key.startsWith('slow/')) setTimeout(answer, 2000);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
