import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/support/harness';

const INDEX =
  '<!doctype html><html><head><title>Guichet</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let t: TestContext;
let dist: string;
beforeAll(async () => {
  // A web build as Vite and the precompress plugin write it.
  dist = mkdtempSync(path.join(tmpdir(), 'guichet-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  const script = path.join(dist, 'assets', 'index-AbC123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the pages of the app', () => {
  it.each(['*/*', 'text/html', 'application/json', ''])(
    'answer 200 with the app for Accept %j',
    async (accept) => {
      for (const url of [
        '/connection',
        '/events/0190a8c2-1111-7000-8000-000000000000',
        '/e/demo/jazz',
        '/',
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers: { accept } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toBe(INDEX);
      }
    },
  );

  it('answers a path that is no page with the app (its 404 screen) and status 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/page', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX);
  });

  it('keeps JSON 404s for the API and for anything but reads', async () => {
    for (const [method, url] of [
      ['GET', '/api/nowhere'],
      ['POST', '/connection'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('route-not-found');
    }
  });
});

describe('the built files', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['', undefined],
  ])('with Accept-Encoding %j are sent as %s, cached for a year', async (acceptEncoding, encoding) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    if (!encoding) expect(response.body).toBe(SCRIPT);
  });
});

describe('API answers', () => {
  it('are compressed above a kilobyte, as the client accepts', async () => {
    const large = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(large.headers['content-encoding']).toBe('br');
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});
