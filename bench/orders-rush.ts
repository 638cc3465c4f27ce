// Budget: an on-sale rush on one ticket type on PostgreSQL (BENCH_DATABASE_URL): orders per second at 64
// concurrent buyers ≥ 50% of a bare SQL baseline doing the same guarded UPDATE + INSERT from a minimal pg
// script in the same run, with zero oversell. Not part of `npm test`.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  alternatingRounds,
  cpuMs,
  databaseCpu,
  databaseCpuSince,
  median,
  postgresCpuMs,
  round,
  startTarget,
  type Target,
  timedClients,
  verdict,
} from './lib';

const BUYERS = 64;
const ROUNDS = 3;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const runId = Date.now().toString(36);

/** The API: free orders of one ticket, each with its own Idempotency-Key, as the buyer page sends them. */
/** `limit`: a number of seconds, or of orders to send (each answered before the run ends). */
async function rushApi(
  base: string,
  path: string,
  ticketTypeId: string,
  limit: { seconds: number } | { orders: number },
) {
  let buyer = 0;
  const result = await autocannon({
    url: `${base}${path}`,
    connections: BUYERS,
    ...('seconds' in limit ? { duration: limit.seconds } : { amount: limit.orders }),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Every buyer of a rush is someone else: their own e-mail (so their own customer record).
        setupRequest: (request) => {
          buyer += 1;
          return {
            ...request,
            headers: { ...request.headers, 'idempotency-key': randomUUID() },
            body: JSON.stringify({
              buyer: { name: 'Rush Buyer', email: `rush-${runId}-${buyer}@example.com` },
              lines: [{ ticketTypeId, quantity: 1 }],
              paymentMethod: 'free',
            }),
          };
        },
      },
    ],
  });
  return {
    perSecond: result.requests.average,
    created: result['2xx'],
    refused: result['4xx'],
    errors: result.errors + result['5xx'],
    // Of those: answers the load generator gave up waiting for (10 s), and 5xx answers.
    errorKinds: `${result.timeouts} timeouts, ${result['5xx']} 5xx`,
  };
}

const since = (now: number | undefined, before: number | undefined) =>
  now === undefined || before === undefined ? undefined : now - before;

/**
 * CPU ms per order of each side (client: the API process, or the baseline's script), from /proc: of the
 * whole PostgreSQL server, and of the bench database's backends alone (the server may be shared).
 */
function perOrder(
  cpu: { client: number | undefined; postgres: number | undefined; database: number | undefined },
  orders: number,
) {
  const each = (ms: number | undefined) => (ms === undefined || orders === 0 ? '?' : round(ms / orders));
  return `client ${each(cpu.client)} ms, PostgreSQL ${each(cpu.postgres)} ms (this database's backends ${each(cpu.database)} ms)`;
}

/** The baseline: the same guarded UPDATE and an INSERT per order, in a transaction, on scratch tables. */
async function sqlBaseline(url: string, admin: pg.Client) {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  await pool.query(`drop table if exists bench_rush_orders; drop table if exists bench_rush_capacity;
    create table bench_rush_capacity (id int primary key, capacity int not null, sold int not null default 0);
    create table bench_rush_orders (id uuid primary key, capacity_id int not null references bench_rush_capacity, buyer text not null, created_at timestamptz not null default now());
    insert into bench_rush_capacity values (1, 100000000, 0)`);
  const order = async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const taken = await client.query(
        'update bench_rush_capacity set sold = sold + 1 where id = 1 and sold + 1 <= capacity returning sold',
      );
      await client.query('insert into bench_rush_orders (id, capacity_id, buyer) values ($1, 1, $2)', [
        randomUUID(),
        'rush@example.com',
      ]);
      await client.query('commit');
      if (taken.rowCount !== 1) throw new Error('the baseline ran out of places');
    } finally {
      client.release();
    }
  };
  const run = async (seconds: number) => {
    const before = {
      self: process.cpuUsage(),
      postgres: postgresCpuMs(),
      database: await databaseCpu(admin),
    };
    const { perSecond } = await timedClients(BUYERS, seconds, order);
    const self = process.cpuUsage(before.self);
    const cpu = {
      client: (self.user + self.system) / 1000,
      postgres: since(postgresCpuMs(), before.postgres),
      database: await databaseCpuSince(admin, before.database),
    };
    return { perSecond, cpu: perOrder(cpu, perSecond * seconds) };
  };
  return {
    run,
    close: async () => {
      await pool.query('drop table bench_rush_orders; drop table bench_rush_capacity');
      await pool.end();
    },
  };
}

export async function benchOrdersRush(seconds = 6): Promise<boolean> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('SKIP  orders rush: set BENCH_DATABASE_URL to a PostgreSQL database');
    return true;
  }
  const guichet = await startTarget('guichet.ts');
  try {
    return await rush(url, guichet, seconds);
  } finally {
    await guichet.stop();
  }
}

async function rush(url: string, guichet: Target, seconds: number): Promise<boolean> {
  const { accessToken } = guichet.extra as { accessToken: string };
  const base = `http://127.0.0.1:${guichet.port}/api`;
  const staff = (organizationId?: string, body = true) => ({
    authorization: `Bearer ${accessToken}`,
    ...(body ? { 'content-type': 'application/json' } : {}),
    ...(organizationId ? { 'x-organization-id': organizationId } : {}),
  });
  const organization = await json<{ id: string; slug: string }>(
    await fetch(`${base}/organizations`, {
      method: 'POST',
      headers: staff(),
      body: JSON.stringify({ name: `Rush ${Date.now()}` }),
    }),
  );
  const start = Date.now() + 7 * 24 * 3600_000;
  const event = await json<{ id: string; slug: string }>(
    await fetch(`${base}/events`, {
      method: 'POST',
      headers: staff(organization.id),
      body: JSON.stringify({
        name: 'Rush night',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 3 * 3600_000).toISOString(),
        timeZone: 'Europe/Paris',
        locationType: 'online',
        onlineUrl: 'https://example.org/live',
      }),
    }),
  );
  // One ticket type large enough for the measured rush, one small enough to sell out under it.
  const addType = async (name: string, capacity: number) => {
    const detail = await json<{ ticketTypes: { id: string; name: string }[] }>(
      await fetch(`${base}/events/${event.id}/ticket-types`, {
        method: 'POST',
        headers: staff(organization.id),
        body: JSON.stringify({ name, priceMinor: 0, capacity, maxPerOrder: 10 }),
      }),
    );
    return detail.ticketTypes.find((type) => type.name === name)!.id;
  };
  const large = await addType('Rush', 10_000_000);
  const small = await addType('Last seats', 300);
  await json(
    await fetch(`${base}/events/${event.id}/publish`, {
      method: 'POST',
      headers: staff(organization.id, false),
    }),
  );
  const path = `/public/events/${organization.slug}/${event.slug}/orders`;

  // Alternating rounds, medians compared: on a two-core machine shared by the load generator, the API and
  // PostgreSQL, one round of either side varies by a third.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const sql = await sqlBaseline(url, admin);
  const rates = { api: [] as number[], sql: [] as number[] };
  let errors = 0;
  let apiCpu = '';
  let sqlCpu = '';
  try {
    await rushApi(base, path, large, { seconds: 2 });
    await sql.run(2);
    await alternatingRounds(ROUNDS, ['api', 'sql'], async (side) => {
      if (side === 'sql') {
        const measured = await sql.run(seconds);
        rates.sql.push(measured.perSecond);
        sqlCpu = measured.cpu;
        return;
      }
      const before = {
        api: cpuMs(guichet.child.pid),
        postgres: postgresCpuMs(),
        database: await databaseCpu(admin),
      };
      const measured = await rushApi(base, path, large, { seconds });
      apiCpu = perOrder(
        {
          client: since(cpuMs(guichet.child.pid), before.api),
          postgres: since(postgresCpuMs(), before.postgres),
          database: await databaseCpuSince(admin, before.database),
        },
        measured.created,
      );
      rates.api.push(measured.perSecond);
      errors += measured.errors;
    });
  } finally {
    await sql.close();
    await admin.end();
  }
  const sellOut = await rushApi(base, path, small, { orders: 900 });
  const after = await json<{ ticketTypes: { id: string; sold: number; capacity: number }[] }>(
    await fetch(`${base}/events/${event.id}`, { headers: staff(organization.id) }),
  );

  const lastSeats = after.ticketTypes.find((type) => type.id === small)!;
  const ratio = median(rates.api) / median(rates.sql);
  const list = (values: number[]) => values.map((value) => round(value, 0)).join(' / ');
  console.log(
    `orders/s at ${BUYERS} buyers: API ${list(rates.api)} (errors ${errors}), bare SQL ${list(rates.sql)} → medians ${round(ratio * 100)}%`,
  );
  console.log(
    `CPU per order, last round (PostgreSQL counts every database of the server): API: ${apiCpu}; bare SQL: ${sqlCpu}`,
  );
  console.log(
    `sell-out: 900 buyers for ${lastSeats.capacity} seats: ${sellOut.created} orders, ${sellOut.refused} refused, ${lastSeats.sold} sold (errors ${sellOut.errors}: ${sellOut.errorKinds})`,
  );
  const noOversell = sellOut.created === lastSeats.capacity && lastSeats.sold === lastSeats.capacity;
  return verdict(
    `orders rush ≥ 50% of bare SQL (medians of ${ROUNDS} rounds), zero oversell`,
    ratio >= 0.5 && noOversell && errors === 0 && sellOut.errors === 0,
    `${round(ratio * 100)}%, ${sellOut.created}/${lastSeats.capacity} sold`,
  );
}

if (process.argv[1]?.endsWith('orders-rush.ts')) {
  process.exitCode = (await benchOrdersRush()) ? 0 : 1;
}
