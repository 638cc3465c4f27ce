import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestContext } from '../../../test/support/harness';
import { loadConfig } from '../../config';
import { tileImageSource, tileUrlProblem } from '../../tile-url';

const TILES = 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png';

let configured: TestContext;
let offline: TestContext;
let token: string;
beforeAll(async () => {
  configured = await createTestApp({ MAP_TILE_URL: TILES, MAP_TILE_ATTRIBUTION: '© Example Maps' });
  offline = await createTestApp({ MAP_TILE_URL: '' });
  token = (await signUp(configured.app)).accessToken;
});
afterAll(async () => {
  await configured.close();
  await offline.close();
});

describe('GET /api/map/config', () => {
  it('answers the configured tiles, attribution and deepest zoom', async () => {
    const response = await configured.app.inject({
      method: 'GET',
      url: '/api/map/config',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ tileUrl: TILES, attribution: '© Example Maps', maxZoom: 19 });
  });

  it('requires a signed-in staff member', async () => {
    const anonymous = await configured.app.inject({ method: 'GET', url: '/api/map/config' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
    const forged = await configured.app.inject({
      method: 'GET',
      url: '/api/map/config',
      headers: bearer('not-a-token'),
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers a null tile URL when MAP_TILE_URL is empty', async () => {
    const staff = await signUp(offline.app);
    const response = await offline.app.inject({
      method: 'GET',
      url: '/api/map/config',
      headers: bearer(staff.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tileUrl: null,
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
    });
  });
});

describe('Content-Security-Policy', () => {
  const imgSrc = async (context: TestContext) => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(response.headers['content-security-policy']);
    return policy.split('; ').find((directive) => directive.startsWith('img-src '));
  };

  it('lets images come from the tile server, any subdomain for {s}', async () => {
    expect(await imgSrc(configured)).toBe("img-src 'self' data: blob: https://*.tiles.example.org");
  });

  it('is unchanged without tiles', async () => {
    expect(await imgSrc(offline)).toBe("img-src 'self' data: blob:");
  });
});

describe('tile URL configuration', () => {
  const base = { JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789', DATA_DIR: '/tmp/unused' };

  it('defaults to OpenStreetMap', () => {
    expect(loadConfig(base).map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
    });
  });

  it.each([
    ['ftp://tiles.example.org/{z}/{x}/{y}.png', 'http(s)'],
    ['https://tiles.example.org/{z}/{x}.png', '{y}'],
    ['not a url {z}{x}{y}', 'URL'],
    ['https://tiles.{s}.example.org/{z}/{x}/{y}.png', 'first label'],
  ])('refuses %s', (url, message) => {
    expect(() => loadConfig({ ...base, MAP_TILE_URL: url })).toThrow(/MAP_TILE_URL/);
    expect(tileUrlProblem(url)).toContain(message);
  });

  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['http://localhost:8080/tiles/{z}/{x}/{y}.png?key=1', 'http://localhost:8080'],
    ['https://tile-{s}.Example.org/{z}/{x}/{y}{r}.png', 'https://*.example.org'],
  ])('gives %s the image source %s', (url, source) => {
    expect(tileUrlProblem(url)).toBeNull();
    expect(tileImageSource(url)).toBe(source);
  });
});
