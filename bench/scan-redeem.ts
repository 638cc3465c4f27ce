// Budget: check-in at the doors on PostgreSQL (BENCH_DATABASE_URL). `POST /api/scan/redeem` at 64
// concurrent scanners ≥ 50% of the throughput of a bare SQL check-in (the same guarded UPDATE + INSERT
// from a minimal pg script) measured in the same run, with p99 ≤ 25 ms; one scanner alone: p50 ≤ 2× the
// bare script's single-client latency. Not part of `npm test`.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMs, postgresCpuMs, round, startTarget, type Target, verdict } from './lib';

const SCANNERS = 64;
/** Tickets each scanner cycles through (a list with multiple entries: every scan is admitted). */
const TICKETS = SCANNERS * 8;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Measure {
  perSecond: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
}

/** The API: each request a fresh nonce, the next ticket in turn, as scanners at the doors send them. */
async function redeemApi(
  base: string,
  headers: Record<string, string>,
  listId: string,
  secrets: string[],
  connections: number,
  seconds: number,
): Promise<Measure> {
  let turn = 0;
  let ok = 0;
  let other = 0;
  const result = await autocannon({
    url: `${base}/scan/redeem`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (request) => {
          turn += 1;
          return {
            ...request,
            body: JSON.stringify({
              secret: secrets[turn % secrets.length],
              listIds: [listId],
              direction: 'entry',
              scannedAt: new Date().toISOString(),
              nonce: randomUUID(),
              deviceId: `scanner-${turn % SCANNERS}`,
            }),
          };
        },
        onResponse: (status, body) => {
          if (status === 200 && body.includes('"result":"ok"')) ok += 1;
          else other += 1;
        },
      },
    ],
  });
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, ok, other };
}

/** The baseline: a guarded UPDATE of the ticket's presence and an INSERT into the log, in a transaction. */
async function redeemSql(url: string, clients: number, seconds: number): Promise<Measure> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  await pool.query(`drop table if exists bench_scan_log; drop table if exists bench_scan_presence;
    create table bench_scan_presence (ticket_id int primary key, state text not null, entries int not null default 0);
    create table bench_scan_log (id uuid primary key, ticket_id int not null references bench_scan_presence,
      device text not null, nonce text not null unique, created_at timestamptz not null default now());
    insert into bench_scan_presence select n, 'never', 0 from generate_series(0, ${TICKETS - 1}) n`);
  const latencies: number[] = [];
  let turn = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        turn += 1;
        const ticket = turn % TICKETS;
        const started = performance.now();
        const client = await pool.connect();
        try {
          await client.query('begin');
          const admitted = await client.query(
            `update bench_scan_presence set state = 'inside', entries = entries + 1
              where ticket_id = $1 and ($2::boolean or state <> 'inside') returning entries`,
            [ticket, true],
          );
          await client.query(
            'insert into bench_scan_log (id, ticket_id, device, nonce) values ($1, $2, $3, $4)',
            [randomUUID(), ticket, `scanner-${turn % SCANNERS}`, randomUUID()],
          );
          await client.query('commit');
          if (admitted.rowCount !== 1) throw new Error('baseline refused a scan');
        } finally {
          client.release();
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  await pool.query('drop table bench_scan_log; drop table bench_scan_presence');
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    ok: latencies.length,
    other: 0,
  };
}

export async function benchScanRedeem(seconds = 10): Promise<boolean> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('SKIP  scan redeem: set BENCH_DATABASE_URL to a PostgreSQL database');
    return true;
  }
  const guichet = await startTarget('guichet.ts');
  try {
    return await run(url, guichet, seconds);
  } finally {
    await guichet.stop();
  }
}

async function run(url: string, guichet: Target, seconds: number): Promise<boolean> {
  const { accessToken } = guichet.extra as { accessToken: string };
  const base = `http://127.0.0.1:${guichet.port}/api`;
  const staff = (organizationId?: string) => ({
    authorization: `Bearer ${accessToken}`,
    'content-type': 'application/json',
    ...(organizationId ? { 'x-organization-id': organizationId } : {}),
  });
  const post = async <T>(path: string, body: unknown, organizationId?: string) =>
    json<T>(
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: staff(organizationId),
        body: JSON.stringify(body),
      }),
    );

  const organization = await post<{ id: string }>('/organizations', { name: `Doors ${Date.now()}` });
  const start = Date.now() + 3600_000;
  const event = await post<{ id: string }>(
    '/events',
    {
      name: 'Door night',
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 3 * 3600_000).toISOString(),
      timeZone: 'Europe/Paris',
      locationType: 'online',
      onlineUrl: 'https://example.org/live',
    },
    organization.id,
  );
  const detail = await post<{ ticketTypes: { id: string }[] }>(
    `/events/${event.id}/ticket-types`,
    { name: 'Entry', priceMinor: 0, capacity: 100_000, maxPerOrder: 100 },
    organization.id,
  );
  const ticketTypeId = detail.ticketTypes[0]!.id;
  const secrets: string[] = [];
  while (secrets.length < TICKETS) {
    const order = await post<{ tickets: { secret: string | null }[] }>(
      `/events/${event.id}/orders`,
      {
        buyer: { name: 'Door Guest', email: 'guest@example.com' },
        lines: [{ ticketTypeId, quantity: 100 }],
        payment: 'comp',
        sendEmail: false,
      },
      organization.id,
    );
    for (const ticket of order.tickets) if (ticket.secret) secrets.push(ticket.secret);
  }
  const list = await post<{ id: string }>(
    `/events/${event.id}/checkin-lists`,
    { name: 'Main gate', allowMultipleEntries: true },
    organization.id,
  );
  const headers = staff(organization.id);

  await redeemApi(base, headers, list.id, secrets, SCANNERS, 2);
  const cpuBefore = { api: cpuMs(guichet.child.pid), db: postgresCpuMs() };
  const api = await redeemApi(base, headers, list.id, secrets, SCANNERS, seconds);
  const cpuAfter = { api: cpuMs(guichet.child.pid), db: postgresCpuMs() };
  const sql = await redeemSql(url, SCANNERS, seconds);
  const apiOne = await redeemApi(base, headers, list.id, secrets, 1, Math.ceil(seconds / 2));
  const sqlOne = await redeemSql(url, 1, Math.ceil(seconds / 2));

  const ratio = api.perSecond / sql.perSecond;
  const served = api.ok + api.other;
  if (cpuBefore.api !== undefined && cpuAfter.api !== undefined && cpuBefore.db !== undefined && served > 0) {
    console.log(
      `CPU per redeem: API ${round((cpuAfter.api - cpuBefore.api) / served, 3)} ms, PostgreSQL ${round(((cpuAfter.db ?? 0) - cpuBefore.db) / served, 3)} ms`,
    );
  }
  const single = apiOne.p50 / sqlOne.p50;
  console.log(
    `redeems/s at ${SCANNERS} scanners: API ${round(api.perSecond)} (p50 ${api.p50} ms, p99 ${api.p99} ms, ${api.ok} ok, ${api.other} other), bare SQL ${round(sql.perSecond)} (p99 ${round(sql.p99)} ms) → ${round(ratio * 100)}%`,
  );
  console.log(
    `one scanner: API p50 ${apiOne.p50} ms (${round(apiOne.perSecond)}/s), bare SQL p50 ${round(sqlOne.p50, 2)} ms → ${round(single, 2)}×`,
  );
  const throughput = verdict(
    'redeem at 64 scanners ≥ 50% of bare SQL, p99 ≤ 25 ms',
    ratio >= 0.5 && api.p99 <= 25 && api.other === 0,
    `${round(ratio * 100)}%, p99 ${api.p99} ms`,
  );
  const latency = verdict(
    'one scanner p50 ≤ 2× bare SQL',
    single <= 2 && apiOne.other === 0,
    `${round(single, 2)}×`,
  );
  return throughput && latency;
}

if (process.argv[1]?.endsWith('scan-redeem.ts')) {
  process.exitCode = (await benchScanRedeem()) ? 0 : 1;
}
