// Budget: check-in at the doors on PostgreSQL (BENCH_DATABASE_URL). `POST /api/scan/redeem` at 64
// concurrent scanners ≥ 50% of the throughput of a bare SQL check-in (the same guarded UPDATE + INSERT
// from a minimal pg script) measured in the same run, with p99 ≤ 25 ms; one scanner alone: p50 ≤ 2× the
// bare script's single-client latency. Both sides are measured in alternating rounds and their medians
// compared: on a two-core machine shared by the load generator, the API and PostgreSQL, one round of
// either side varies by a third. Not part of `npm test`.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  alternatingRounds,
  cpuMs,
  median,
  postgresCpuMs,
  round,
  startTarget,
  type Target,
  timedClients,
  verdict,
} from './lib';

const SCANNERS = 64;
const ROUNDS = 3;
const PACE_EACH = 10;
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
async function sqlBaseline(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  await pool.query(`drop table if exists bench_scan_log; drop table if exists bench_scan_presence;
    create table bench_scan_presence (ticket_id int primary key, state text not null, entries int not null default 0);
    create table bench_scan_log (id uuid primary key, ticket_id int not null references bench_scan_presence,
      device text not null, nonce text not null unique, created_at timestamptz not null default now());
    insert into bench_scan_presence select n, 'never', 0 from generate_series(0, ${TICKETS - 1}) n`);
  const checkIn = async (_client: number, turn: number) => {
    const ticket = turn % TICKETS;
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
  };
  return {
    run: async (clients: number, seconds: number): Promise<Measure> => ({
      ...(await timedClients(clients, seconds, checkIn)),
      ok: 0,
      other: 0,
    }),
    close: async () => {
      await pool.query('drop table bench_scan_log; drop table bench_scan_presence');
      await pool.end();
    },
  };
}

/**
 * Scanners over kept-alive connections of their own, timed like the baseline (sub-millisecond, where the
 * load generator counts whole milliseconds). With `everyMs`, each scans about that often, out of step with
 * the others as at real gates. The first second opens the connections and is not counted.
 */
async function scanners(
  target: { base: string; headers: Record<string, string>; listId: string; secrets: string[] },
  count: number,
  seconds: number,
  everyMs?: number,
): Promise<Measure> {
  const url = new URL(`${target.base}/scan/redeem`);
  const agents = Array.from({ length: count }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  let ok = 0;
  let other = 0;
  const send = (client: number, turn: number) => {
    const body = JSON.stringify({
      secret: target.secrets[turn % target.secrets.length],
      listIds: [target.listId],
      direction: 'entry',
      scannedAt: new Date().toISOString(),
      nonce: randomUUID(),
      deviceId: `scanner-${client}`,
    });
    return new Promise<void>((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: 'POST',
          agent: agents[client],
          headers: { ...target.headers, 'content-type': 'application/json' },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () => {
            if (response.statusCode === 200 && text.includes('"result":"ok"')) ok += 1;
            else other += 1;
            resolve();
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };
  const timed = await timedClients(count, seconds, send, { everyMs, warmupMs: 1000 });
  for (const agent of agents) agent.destroy();
  return { ...timed, ok, other };
}

export async function benchScanRedeem(seconds = 6): Promise<boolean> {
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

  const sql = await sqlBaseline(url);
  const target = { base, headers, listId: list.id, secrets };
  try {
    await redeemApi(base, headers, list.id, secrets, SCANNERS, 2);
    await sql.run(SCANNERS, 2);
    const rounds = {
      api: [] as Measure[],
      sql: [] as Measure[],
      apiOne: [] as Measure[],
      sqlOne: [] as Measure[],
    };
    let cpu = { api: 0, db: 0, served: 0 };
    await alternatingRounds(ROUNDS, ['api', 'sql'], async (side) => {
      if (side === 'sql') {
        rounds.sql.push(await sql.run(SCANNERS, seconds));
        rounds.sqlOne.push(await sql.run(1, seconds / 2));
        return;
      }
      const before = { api: cpuMs(guichet.child.pid), db: postgresCpuMs() };
      const measured = await redeemApi(base, headers, list.id, secrets, SCANNERS, seconds);
      const after = { api: cpuMs(guichet.child.pid), db: postgresCpuMs() };
      cpu = {
        api: cpu.api + (after.api ?? 0) - (before.api ?? 0),
        db: cpu.db + (after.db ?? 0) - (before.db ?? 0),
        served: cpu.served + measured.ok + measured.other,
      };
      rounds.api.push(measured);
      rounds.apiOne.push(await scanners(target, 1, seconds / 2));
    });
    // For information: what a scanner waits at a pace the doors can keep (64 gates each admitting ten
    // people a second on average, far beyond a real queue), instead of each sending its next scan the moment it
    // has an answer.
    const paced = await scanners(target, SCANNERS, seconds, 1000 / PACE_EACH);
    console.log(
      `${SCANNERS} scanners at ${PACE_EACH} scans/s each (${round(paced.perSecond)} redeems/s): p50 ${round(paced.p50, 2)} ms, p99 ${round(paced.p99, 2)} ms (${paced.other} not ok)`,
    );
    return report(rounds, cpu);
  } finally {
    await sql.close();
  }
}

function report(
  rounds: Record<'api' | 'sql' | 'apiOne' | 'sqlOne', Measure[]>,
  cpu: { api: number; db: number; served: number },
): boolean {
  const of = (side: keyof typeof rounds, key: keyof Measure) => median(rounds[side].map((m) => m[key]));
  const list = (side: keyof typeof rounds, key: keyof Measure, digits = 0) =>
    rounds[side].map((m) => round(m[key], digits)).join(' / ');
  const ratio = of('api', 'perSecond') / of('sql', 'perSecond');
  const single = of('apiOne', 'p50') / of('sqlOne', 'p50');
  const other = [...rounds.api, ...rounds.apiOne].reduce((sum, m) => sum + m.other, 0);
  if (cpu.served > 0) {
    console.log(
      `CPU per redeem (PostgreSQL counts every database of the server): API ${round(cpu.api / cpu.served, 3)} ms, PostgreSQL ${round(cpu.db / cpu.served, 3)} ms`,
    );
  }
  console.log(
    `redeems/s at ${SCANNERS} scanners: API ${list('api', 'perSecond')} (p99 ${list('api', 'p99')} ms), bare SQL ${list('sql', 'perSecond')} (p99 ${list('sql', 'p99')} ms) → medians ${round(ratio * 100)}%`,
  );
  console.log(
    `one scanner p50: API ${list('apiOne', 'p50', 2)} ms, bare SQL ${list('sqlOne', 'p50', 2)} ms → medians ${round(single, 2)}×`,
  );
  const p99 = of('api', 'p99');
  const throughput = verdict(
    `redeem at ${SCANNERS} scanners ≥ 50% of bare SQL, p99 ≤ 25 ms (medians of ${ROUNDS} rounds)`,
    ratio >= 0.5 && p99 <= 25 && other === 0,
    `${round(ratio * 100)}%, p99 ${p99} ms`,
  );
  const latency = verdict(
    'one scanner p50 ≤ 2× bare SQL (medians)',
    single <= 2 && other === 0,
    `${round(single, 2)}×`,
  );
  return throughput && latency;
}

if (process.argv[1]?.endsWith('scan-redeem.ts')) {
  process.exitCode = (await benchScanRedeem()) ? 0 : 1;
}
