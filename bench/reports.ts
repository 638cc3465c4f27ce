// Budgets of the reports, on PostgreSQL (BENCH_DATABASE_URL), 16 clients, against a baseline measured in the
// same run: the same statements on a bare pg pool behind node:http (targets/reports-bare.ts).
// - `/api/finances/summary` of a year, 1,000,000 ledger rows over two years: ≥ 50% of the baseline, p95 ≤ 100 ms
// - `/api/dashboard/figures` of 30 days, same organisation (250,000 orders): p95 ≤ 100 ms; also printed (not
//   judged): the 16 clients each asking for a 30-day period of its own, so that no reading is shared
// - `/api/customers` (first page, and a search by name) with 200,000 customers: ≥ 50% of the baseline, p95 ≤ 50 ms
// The data is written in bulk by SQL (a benchmark's fixture, not the demo); every run makes its own organisation.
// BENCH_REPORTS=finances,dashboard,customers,search runs only the reports named (all four by default).
import { openDatabase } from '@guichet/db/client';
import pg from 'pg';
import { settleAllBuyerSince } from '../apps/api/src/modules/dashboard/buyer-since.repository';
import { tallyAllPaidOrders } from '../apps/api/src/modules/dashboard/paid-tally.repository';
import { foldLedger } from '../apps/api/src/modules/ledger/rollup.repository';
import { load, median, round, startTarget, verdict } from './lib';

const CUSTOMERS = 200_000;
const ORDERS = 250_000;
const EVENTS = 40;
/** Per order: the sale, the card payment, the processor's fee and the platform's fee. */
const LEDGER_ROWS_PER_ORDER = 4;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function seed(url: string, organizationId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    // Events every ~18 days over the last two years.
    await client.query(
      `insert into events (id, organization_id, slug, name, starts_at, ends_at, time_zone, status)
       select gen_random_uuid(), $1, 'bench-' || n, 'Bench event ' || n,
              now() - make_interval(days => 730 - n * 18), now() - make_interval(days => 730 - n * 18) + interval '3 hours',
              'Europe/Paris', 'published'
       from generate_series(1, $2::int) n`,
      [organizationId, EVENTS],
    );
    await client.query(
      `insert into ticket_types (id, organization_id, event_id, name, price_minor, currency, capacity)
       select gen_random_uuid(), $1, id, 'Standard', 2500, 'EUR', 100000 from events where organization_id = $1`,
      [organizationId],
    );
    await client.query(
      `insert into customers (id, organization_id, email, name, first_order_at, last_order_at, order_count,
                              total_spent_minor, currency, tags)
       select gen_random_uuid(), $1, 'person' || n || '@bench.example', (array['Camille','Louis','Inès','Hugo','Léa','Noah'])[1 + n % 6]
              || ' ' || (array['Martin','Bernard','Dubois','Thomas','Robert','Petit','Durand'])[1 + n % 7] || ' ' || n,
              now() - make_interval(days => n % 730), now() - make_interval(days => n % 97), 1 + n % 3,
              2500 * (1 + n % 3), 'EUR', case when n % 10 = 0 then array['vip'] else '{}'::text[] end
       from generate_series(1, $2::int) n`,
      [organizationId, CUSTOMERS],
    );
    // Orders spread over two years, each for one event, paid by card, each with the one ticket below.
    await client.query(
      `with e as (select id, row_number() over (order by starts_at) - 1 as i from events where organization_id = $1)
       insert into orders (id, organization_id, event_id, code, status, channel, payment_method, buyer_name,
                           buyer_email, total_minor, currency, paid_at, created_at, updated_at, ticket_count)
       select gen_random_uuid(), $1, e.id, 'B' || lpad(n::text, 9, '0'), 'paid', 'online', 'stripe',
              'Person ' || (n % $3::int), 'person' || (1 + n % $3::int) || '@bench.example', 2500 * (1 + n % 3), 'EUR',
              now() - make_interval(secs => (n::float / $2::int) * 730 * 86400),
              now() - make_interval(secs => (n::float / $2::int) * 730 * 86400),
              now() - make_interval(secs => (n::float / $2::int) * 730 * 86400), 1
       from generate_series(1, $2::int) n join e on e.i = n % $4::int`,
      [organizationId, ORDERS, CUSTOMERS, EVENTS],
    );
    await client.query(
      `insert into tickets (id, organization_id, order_id, event_id, ticket_type_id, price_minor, currency, secret, created_at)
       select gen_random_uuid(), o.organization_id, o.id, o.event_id, t.id, o.total_minor, 'EUR', 'bench-' || o.code, o.created_at
       from orders o join ticket_types t on t.event_id = o.event_id
       where o.organization_id = $1`,
      [organizationId],
    );
    await client.query(
      `insert into ledger_entries (id, organization_id, order_id, event_id, kind, method, amount_minor, currency, occurred_at)
       select gen_random_uuid(), o.organization_id, o.id, o.event_id, k.kind, 'stripe', k.amount, 'EUR', o.paid_at
       from orders o cross join lateral (values
         ('sale', o.total_minor), ('card_payment', o.total_minor),
         ('processor_fee', -(25 + o.total_minor * 15 / 1000)), ('platform_fee', -(o.total_minor / 20))
       ) k(kind, amount)
       where o.organization_id = $1`,
      [organizationId],
    );
    await client.query('commit');
    for (const table of ['events', 'ticket_types', 'customers', 'orders', 'tickets', 'ledger_entries']) {
      await client.query(`analyze ${table}`);
    }
    // The rows written by SQL are folded into the ledger roll-up as the API's leader job does every few
    // seconds (decision 036): its first run after a bulk load is this backfill. Reads would be right
    // without it (they add the rows after the watermark raw), but users read a ledger the job keeps up with.
    const folding = Date.now();
    const database = await openDatabase({ url, migrate: false });
    try {
      await foldLedger(database.db);
      console.log(`folded the ledger roll-up in ${round((Date.now() - folding) / 1000)} s`);
      // Likewise the copies of the buyers' first orders onto the paid orders (decision 041), which the
      // job makes a few seconds after each payment: here, two years of orders at once.
      const settling = Date.now();
      const copied = await settleAllBuyerSince(database.db, 24 * 800);
      console.log(`copied ${copied} buyers' first orders in ${round((Date.now() - settling) / 1000)} s`);
      // And the tally of paid orders per day and hour (decision 041, second pass): its job's backfill.
      const tallying = Date.now();
      const tallied = await tallyAllPaidOrders(database.db);
      console.log(`tallied ${tallied} paid orders in ${round((Date.now() - tallying) / 1000)} s`);
    } finally {
      await database.close();
    }
    // A bulk load leaves tables autovacuum has not seen yet: index-only scans would read every row's page
    // to check it is visible. Users read tables autovacuum keeps up with.
    for (const table of [
      'ledger_rollups',
      'ledger_event_rollups',
      'dashboard_paid_rollups',
      'orders',
      'customers',
      'tickets',
    ]) {
      await client.query(`vacuum analyze ${table}`);
    }
  } finally {
    await client.end();
  }
}

interface Report {
  /** Its name in BENCH_REPORTS. */
  name: string;
  label: string;
  path: string;
  p95Budget: number;
  /** The share of the baseline's throughput the API must reach; none where only p95 is budgeted. */
  ratioBudget?: number;
  /** Also measured (not judged) with each client asking for one of these paths of its own. */
  spread?: string[];
}

type LoadOptions = Parameters<typeof load>[0];

/**
 * The API (`through`) against the bare script (`direct`): a warm-up each, then alternating rounds, medians
 * (a busier second on the machine moves both sides).
 */
async function compare(
  through: Omit<LoadOptions, 'seconds'>,
  direct: Omit<LoadOptions, 'seconds'>,
  seconds: number,
) {
  await load({ ...through, seconds: 2 });
  await load({ ...direct, seconds: 2 });
  const mine = [];
  const base = [];
  for (let roundIndex = 0; roundIndex < 3; roundIndex++) {
    mine.push(await load({ ...through, seconds: seconds / 2 }));
    base.push(await load({ ...direct, seconds: seconds / 2 }));
  }
  return {
    rate: median(mine.map((run) => run.requestsPerSecond)),
    baseRate: median(base.map((run) => run.requestsPerSecond)),
    p95: median(mine.map((run) => run.p95)),
    baseP95: median(base.map((run) => run.p95)),
    failures: mine.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
    // A round in which no request finished has no p95 to speak of: it fails.
    finished: mine.every((run) => run.total > 0),
  };
}

export async function benchReports(seconds = 8): Promise<boolean> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('SKIP  reports: set BENCH_DATABASE_URL to a PostgreSQL database');
    return true;
  }
  const guichet = await startTarget('guichet.ts');
  const { accessToken } = guichet.extra as { accessToken: string };
  const api = `http://127.0.0.1:${guichet.port}/api`;
  const created = await fetch(`${api}/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Reports ${Date.now()}` }),
  });
  const { id: organizationId } = (await created.json()) as { id: string };
  const seeding = Date.now();
  await seed(url, organizationId).catch(async (error: unknown) => {
    await guichet.stop();
    throw error;
  });
  console.log(
    `seeded ${CUSTOMERS} customers, ${ORDERS} orders, ${ORDERS * LEDGER_ROWS_PER_ORDER} ledger rows in ${round((Date.now() - seeding) / 1000)} s`,
  );
  const bare = await startTarget('reports-bare.ts', { BENCH_ORGANIZATION_ID: organizationId });
  const headers = { authorization: `Bearer ${accessToken}`, 'x-organization-id': organizationId };
  const reports: Report[] = [
    {
      name: 'finances',
      label: 'finances summary of a year',
      path: `/finances/summary?from=${day(-365)}&to=${day(0)}`,
      p95Budget: 100,
      ratioBudget: 0.5,
    },
    {
      name: 'dashboard',
      label: 'dashboard figures of 30 days',
      path: `/dashboard/figures?from=${day(-29)}&to=${day(0)}`,
      p95Budget: 100,
      spread: Array.from({ length: 16 }, (_, k) => `/dashboard/figures?from=${day(-29 - k)}&to=${day(-k)}`),
    },
    {
      name: 'customers',
      label: 'customers, first page',
      path: '/customers?limit=50',
      p95Budget: 50,
      ratioBudget: 0.5,
    },
    {
      name: 'search',
      label: 'customers, search by name',
      path: '/customers?limit=50&q=camille',
      p95Budget: 50,
      ratioBudget: 0.5,
    },
  ];
  const chosen = process.env.BENCH_REPORTS?.split(',').map((name) => name.trim());
  let ok = true;
  try {
    for (const report of reports.filter((entry) => !chosen || chosen.includes(entry.name))) {
      const through = { url: `${api}${report.path}`, headers, connections: 16 };
      const direct = { url: `http://127.0.0.1:${bare.port}${report.path}`, connections: 16 };
      const check = await fetch(through.url, { headers });
      if (!check.ok) throw new Error(`${report.path}: ${check.status} ${await check.text()}`);
      const { rate, baseRate, p95, baseP95, failures, finished } = await compare(through, direct, seconds);
      const ratio = rate / baseRate;
      console.log(
        `${report.label}: ${round(rate)} req/s (bare ${round(baseRate)}, ${round(ratio * 100)}%), p95 ${p95} ms (bare ${baseP95} ms), errors ${failures}`,
      );
      if (report.spread) {
        // Each client asking for figures of its own: no two requests can share a reading.
        const paths = report.spread.map((path) => `/api${path}`);
        const spread = await compare({ ...through, paths }, { ...direct, paths: report.spread }, seconds);
        console.log(
          `${report.label}, each client its own period (no reading shared): ${round(spread.rate)} req/s (bare ${round(spread.baseRate)}), p95 ${spread.p95} ms (bare ${spread.baseP95} ms), errors ${spread.failures}`,
        );
      }
      ok =
        verdict(
          `${report.label}: p95 ≤ ${report.p95Budget} ms${report.ratioBudget ? `, ≥ ${report.ratioBudget * 100}% of bare pg` : ''}`,
          finished &&
            p95 <= report.p95Budget &&
            failures === 0 &&
            (!report.ratioBudget || ratio >= report.ratioBudget),
          `${p95} ms, ${round(ratio * 100)}%`,
        ) && ok;
    }
  } finally {
    await bare.stop();
    await guichet.stop();
  }
  return ok;
}

if (process.argv[1]?.endsWith('reports.ts')) {
  process.exitCode = (await benchReports()) ? 0 : 1;
}
