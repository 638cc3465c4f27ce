import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { signIn, uniqueEmail } from './support';
import { journeyWebDir } from './web-build';

// A deployment of two API processes on one PostgreSQL database: the dashboard open on one process moves
// within 2 s of a sale made through the other, without reloading. Runs where PostgreSQL is configured
// (DATABASE_URL, as CI sets it); the journeys' own server runs on the embedded database and cannot share it.

const serverUrl = process.env.DATABASE_URL ?? '';
const webDir = journeyWebDir(Number(process.env.E2E_PORT ?? 4100)).dir;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.describe('two API processes', () => {
  test.skip(!serverUrl, 'needs PostgreSQL (DATABASE_URL)');
  const database = `guichet_e2e_live_${Date.now().toString(36)}`;
  const processes: ChildProcess[] = [];
  const bases: string[] = [];
  let dataDir = '';

  const start = async (index: number) => {
    const port = await freePort();
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    const base = `http://localhost:${port}`;
    processes[index] = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: url.toString(),
        DATA_DIR: path.join(dataDir, `process-${index}`),
        WEB_DIST: webDir,
        JWT_SECRET: 'two-processes-secret-two-processes-0123456789',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        MAP_TILE_URL: '',
        PUBLIC_URL: base,
        AUTH_RATE_LIMIT_PER_IP: '10000',
      },
    });
    bases[index] = base;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const ready = await fetch(`${base}/api/ready`).catch(() => null);
      if (ready?.ok) return;
      if (Date.now() > deadline) throw new Error(`process ${index} not ready`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  test.beforeAll(async () => {
    test.setTimeout(200_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-e2e-live-'));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    // One process first, so that it alone applies the migrations.
    await start(0);
    await start(1);
  });

  test.afterAll(async () => {
    for (const child of processes) if (child && child.exitCode === null) child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the dashboard on one process moves within 2 s of a sale through the other', async ({
    page,
    request,
  }) => {
    const [first = '', second = ''] = bases;
    const email = uniqueEmail('live');
    const password = 'e2e-password';
    const signUp = await request.post(`${first}/api/auth/sign-up`, {
      data: { email, password, displayName: 'Lea Live' },
    });
    expect(signUp.status()).toBe(201);
    const { accessToken } = (await signUp.json()) as { accessToken: string };
    const created = await request.post(`${first}/api/organizations`, {
      data: { name: 'Two processes' },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(created.status()).toBe(201);
    const organization = (await created.json()) as { id: string };
    const headers = { authorization: `Bearer ${accessToken}`, 'x-organization-id': organization.id };
    const startsAt = Date.now() + 10 * 24 * 60 * 60 * 1000;
    const event = await request.post(`${second}/api/events`, {
      headers,
      data: {
        name: 'Harbour night',
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + 3 * 60 * 60 * 1000).toISOString(),
        timeZone: 'Europe/Paris',
        locationType: 'venue',
        venueName: 'Dock 7',
        venueAddress: 'Quai de la Fosse, Nantes',
      },
    });
    expect(event.status()).toBe(201);
    const { id: eventId } = (await event.json()) as { id: string };
    const type = await request.post(`${second}/api/events/${eventId}/ticket-types`, {
      headers,
      data: { name: 'Standard', priceMinor: 1500, capacity: 40 },
    });
    expect(type.status()).toBe(201);
    const ticketTypeId = ((await type.json()) as { ticketTypes: { id: string }[] }).ticketTypes[0]?.id;
    expect((await request.post(`${second}/api/events/${eventId}/publish`, { headers })).status()).toBe(200);
    const sell = async () => {
      const sold = await request.post(`${second}/api/events/${eventId}/orders`, {
        headers,
        data: {
          buyer: { name: 'Bruno Buyer', email: uniqueEmail('buyer') },
          lines: [{ ticketTypeId, quantity: 1 }],
          payment: 'paid',
          sendEmail: false,
        },
      });
      expect(sold.status()).toBe(201);
    };
    await sell();

    await page.goto(`${first}/connection`);
    await signIn(page, email, password);
    await expect(page.getByRole('link', { name: /^Revenue \(gross\): €15\.00/ })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

    const sold = Date.now();
    await sell();
    await expect(page.getByRole('link', { name: /^Revenue \(gross\): €30\.00/ })).toBeVisible({
      timeout: 2_000,
    });
    expect(Date.now() - sold).toBeLessThan(2_500);
  });
});
