import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WebhookSecret } from '@guichet/shared/integrations';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTicketType, client, createEvent } from '../../../test/support/events';
import { createOrganization, signUp } from '../../../test/support/harness';
import { freePort, overHttp, until } from '../../../test/support/processes';

// A real API process on PostgreSQL is killed with SIGKILL after an order's commit, while it is sending the
// order's webhook and before the receiver has answered; a new process started on the same database
// delivers the event after the lease, and the receiver logs it as a success exactly once.

const serverUrl = process.env.TEST_DATABASE_URL || '';
const root = path.resolve(fileURLToPath(import.meta.url), '../../../../../..');

describe.skipIf(!serverUrl)('a webhook across a SIGKILL', () => {
  const database = `guichet_hooks_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const received: { body: string; headers: Record<string, string>; answered: boolean }[] = [];
  const sockets = new Set<Socket>();
  let receiver: Server;
  let receiverUrl = '';
  let dataDir = '';
  const processes: ChildProcess[] = [];

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
        JWT_SECRET: 'webhook-kill-secret-webhook-kill-secret-0123',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        WEBHOOK_TIMEOUT_MS: '5000',
        // The receiver is this test's, on 127.0.0.1: a private address only tests and development may use.
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        WEBHOOK_LEASE_SECONDS: '6',
        PUBLIC_URL: 'http://127.0.0.1',
      },
    });
    processes[index] = child;
    await until(
      `process ${index} ready`,
      async () => (await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null))?.ok,
      90_000,
    );
    return `http://127.0.0.1:${port}`;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-hooks-'));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    // The first request is never answered (its sender dies meanwhile); later ones get 200.
    receiver = createHttpServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const first = received.length === 0;
        received.push({ body, headers: request.headers as Record<string, string>, answered: !first });
        if (!first) response.writeHead(200).end('ok');
      });
    });
    receiver.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  }, 120_000);

  afterAll(async () => {
    for (const child of processes) if (child && child.exitCode === null) child.kill('SIGKILL');
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers the order.created event once after a restart', async () => {
    const base = await start(0);
    const app = overHttp(base);
    const admin = await signUp(app, { displayName: 'Kim Killed' });
    const organization = await createOrganization(app, admin.accessToken, 'Kill Org');
    const event = await createEvent(app, admin.accessToken, organization.id);
    const ticketTypeId = (await addTicketType(app, admin.accessToken, organization.id, event.id))
      .ticketTypes[0]?.id;
    const call = client(app, admin.accessToken, organization.id);
    expect((await call('POST', `/api/events/${event.id}/publish`)).statusCode).toBe(200);
    const created = await call('POST', '/api/integrations/webhooks', {
      url: receiverUrl,
      eventTypes: ['order.created'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret } = created.json() as WebhookSecret;

    const order = await call('POST', `/api/events/${event.id}/orders`, {
      buyer: { name: 'Kai Kill', email: 'kai@example.com' },
      lines: [{ ticketTypeId: ticketTypeId ?? '', quantity: 1 }],
      payment: 'paid',
      sendEmail: false,
    });
    expect(order.statusCode, order.body).toBe(201);
    // The order is committed and its webhook is on the wire, unanswered: kill the process now.
    await until('the first attempt', () => received.length >= 1 || undefined, 30_000);
    processes[0]?.kill('SIGKILL');
    await new Promise((resolve) => processes[0]?.once('exit', resolve));

    await start(1);
    await until(
      'the delivery after restart',
      () => received.some((request) => request.answered) || undefined,
      90_000,
    );
    // A further attempt would come within seconds if the delivery had not been marked.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const answered = received.filter((request) => request.answered);
    expect(answered).toHaveLength(1);
    const [delivered] = answered;
    const payload = new Webhook(secret).verify(delivered?.body ?? '', {
      'webhook-id': delivered?.headers['webhook-id'] ?? '',
      'webhook-timestamp': delivered?.headers['webhook-timestamp'] ?? '',
      'webhook-signature': delivered?.headers['webhook-signature'] ?? '',
    }) as { type: string; data: { buyer: { email: string } } };
    expect(payload.type).toBe('order.created');
    expect(payload.data.buyer.email).toBe('kai@example.com');
    expect(received[0]?.headers['webhook-id']).toBe(delivered?.headers['webhook-id']);
  }, 300_000);
});
