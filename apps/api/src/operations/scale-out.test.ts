import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/support/harness';
import { freePort, overHttp, until } from '../../test/support/processes';
import { issue, newDoor, scan } from '../../test/support/scan';

// Two API processes on one PostgreSQL database behind a round-robin proxy, as a deployment scaled out:
// the rate limit is shared, an e-mail is sent once, a delivery cut short by SIGKILL is finished once by the
// other process, and a scan through one process shows on the other's headcount stream within 2 s.
// Everything listens on 127.0.0.1; every wait is bounded.

const serverUrl = process.env.TEST_DATABASE_URL || '';
const root = path.resolve(fileURLToPath(import.meta.url), '../../../../..');
const PER_IP = 4;

interface Received {
  to: string[];
  subject: string;
}

/** An SMTP server keeping what it accepts; `stall` holds every message's data unanswered while true. */
async function smtpServer(received: Received[], stalled: { on: boolean; seen: number }) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stalled.on) {
          stalled.seen += 1;
          return; // never answered: the sender waits until it dies
        }
        const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '';
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port };
}

describe.skipIf(!serverUrl)('two API processes on one PostgreSQL database', () => {
  const database = `guichet_scale_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const received: Received[] = [];
  const stalled = { on: false, seen: 0 };
  const processes: ChildProcess[] = [];
  const ports: number[] = [];
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let proxy: http.Server;
  let proxyUrl = '';
  let dataDir = '';

  const start = async (index: number) => {
    const port = await freePort();
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: url.toString(),
        DATA_DIR: path.join(dataDir, `process-${index}`),
        JWT_SECRET: 'scale-out-secret-scale-out-secret-0123456789',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
        OUTBOX_LEASE_SECONDS: '2',
        HEADCOUNT_POLL_MS: '60000',
        PUBLIC_URL: 'http://127.0.0.1',
      },
    });
    processes[index] = child;
    ports[index] = port;
    await until(
      `process ${index} ready`,
      async () => (await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null))?.ok,
      90_000,
    );
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-scale-'));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    smtp = await smtpServer(received, stalled);
    // One process first, so that it alone applies the migrations; then the second.
    await start(0);
    await start(1);
    let next = 0;
    proxy = http.createServer((request, response) => {
      const port = ports[next++ % 2];
      const upstream = http.request(
        { host: '127.0.0.1', port, path: request.url, method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.writeHead(502).end());
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  }, 200_000);

  afterAll(async () => {
    for (const child of processes) if (child && child.exitCode === null) child.kill('SIGKILL');
    await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
    proxy?.closeAllConnections();
    if (smtp) await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('shares the rate limit between the processes', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= PER_IP; attempt++) {
      const response = await fetch(`${proxyUrl}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody-${attempt}@example.com`, password: 'guess' }),
      });
      statuses.push(response.status);
    }
    // Alternating between two processes with their own memory, a fifth attempt would still pass.
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  }, 60_000);

  it('sends an e-mail once, though both processes deliver the outbox', async () => {
    const app = overHttp(`http://127.0.0.1:${ports[0]}`);
    const user = await signUp(app);
    const before = received.length;
    // A reset asked through each process in turn: two mails, each delivered once.
    for (const port of ports) {
      const response = await fetch(`http://127.0.0.1:${port}/api/auth/password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email }),
      });
      expect(response.status).toBe(204);
    }
    const resets = () =>
      received
        .slice(before)
        .filter((mail) => mail.to.includes(user.email) && /password reset/i.test(mail.subject));
    await until('two mails', () => resets().length >= 2 || undefined);
    // Both workers poll every 2 s: a second delivery would show within a few seconds.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(resets()).toHaveLength(2);
  }, 60_000);

  it('finishes, once, a delivery whose process was killed with SIGKILL', async () => {
    const app = overHttp(`http://127.0.0.1:${ports[1]}`);
    const user = await signUp(app);
    stalled.on = true;
    const seen = stalled.seen;
    // Asked through the first process, which delivers at once (the other only polls every 2 s).
    const response = await fetch(`http://127.0.0.1:${ports[0]}/api/auth/password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(response.status).toBe(204);
    await until('the first process sending', () => stalled.seen > seen || undefined);
    processes[0]!.kill('SIGKILL');
    await until('the first process gone', () => processes[0]!.exitCode !== null || processes[0]!.signalCode);
    stalled.on = false;
    // The lease (2 s) runs out; the second process finds the mail due again and delivers it.
    const resets = () =>
      received.filter((mail) => mail.to.includes(user.email) && /password reset/i.test(mail.subject));
    await until('the mail delivered by the other process', () => resets().length > 0 || undefined);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(resets()).toHaveLength(1);
  }, 90_000);

  it('shows a scan through one process on the other’s headcount stream within 2 s', async () => {
    // The first process was killed: start it again, then scan through it and watch through the second.
    await start(0);
    const door = await newDoor(overHttp(`http://127.0.0.1:${ports[0]}`));
    const [ticket] = await issue(door.shop);
    const stream = await fetch(
      `http://127.0.0.1:${ports[1]}/api/events/${door.shop.event.id}/headcount/stream`,
      {
        headers: {
          authorization: `Bearer ${door.shop.admin.accessToken}`,
          'x-organization-id': door.shop.organizationId,
        },
      },
    );
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const insideOf = () => {
      const events = [...text.matchAll(/data: (.*)\n/g)].map((match) => JSON.parse(match[1]!));
      return events.at(-1)?.headcount?.insideNow as number | undefined;
    };
    const readUntil = async (predicate: () => boolean, ms: number) => {
      const deadline = Date.now() + ms;
      while (!predicate()) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (!chunk || chunk.done) return predicate();
        text += decoder.decode(chunk.value, { stream: true });
      }
      return true;
    };
    expect(await readUntil(() => insideOf() === 0, 10_000)).toBe(true);
    const scanned = Date.now();
    const answer = await overHttp(`http://127.0.0.1:${ports[0]}`).inject({
      method: 'POST',
      url: '/api/scan/redeem',
      headers: {
        authorization: `Bearer ${door.shop.admin.accessToken}`,
        'x-organization-id': door.shop.organizationId,
      },
      payload: scan(ticket!.secret, [door.list.id]),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await readUntil(() => insideOf() === 1, 2_000)).toBe(true);
    expect(Date.now() - scanned).toBeLessThan(2_000);
    await reader.cancel();
  }, 120_000);
});
