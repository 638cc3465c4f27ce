// The API's own work per request, in figures the machine's load moves little: the API process's CPU time
// per request (/proc), the database's backends' CPU per request, and the statements per request
// (`pg_stat_database.xact_commit`: each statement outside a transaction commits once).
// Runs on a database `bench/reports.ts` has already seeded (BENCH_DATABASE_URL): it signs up a staff member
// of its own, makes it ALL of the organisation with the most customers, and loads the reports' paths at
// 16 clients for BENCH_SECONDS (default 6) per round, BENCH_ROUNDS rounds (default 3), medians printed.
// BENCH_PATHS=customers,search,finances,dashboard,me picks the paths (default customers,search); the reports'
// are also measured on the bare baseline (targets/reports-bare.ts), whose CPU per request is the part of
// the API's that is the reports' own work: the rest is the API's per-request overhead.
// BENCH_COMPARE=<root of another checkout, its node_modules linked>: that checkout's API is measured too,
// in rounds alternating with this one's, to compare two versions of the code in the same minutes.
// Not in `npm run bench`: it measures, it judges nothing.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { cpuMs, databaseCpu, databaseCpuSince, load, median, round, startTarget, type Target } from './lib';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL to a database bench/reports.ts has seeded');
const seconds = Number(process.env.BENCH_SECONDS) || 6;
const rounds = Number(process.env.BENCH_ROUNDS) || 3;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const paths: Record<string, string> = {
  customers: '/customers?limit=50',
  search: '/customers?limit=50&q=camille',
  finances: `/finances/summary?from=${day(-365)}&to=${day(0)}`,
  dashboard: `/dashboard/figures?from=${day(-29)}&to=${day(0)}`,
  me: '/staffs/me',
};
const chosen = (process.env.BENCH_PATHS ?? 'customers,search').split(',').map((name) => name.trim());

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const { rows: organizations } = await admin.query<{ organization_id: string }>(
  'select organization_id from customers group by organization_id order by count(*) desc limit 1',
);
const seeded = organizations[0]?.organization_id;
if (!seeded) throw new Error('no customers: seed the database with bench/reports.ts first');
const organizationId: string = seeded;

interface Side {
  label: string;
  target: Target;
  /** The API's base address, or the bare baseline's (no /api, no sign-in). */
  base: string;
  headers?: Record<string, string>;
}

const started: Target[] = [];
const emails: string[] = [];
/** An API process, from this tree or from another checkout's (BENCH_COMPARE=<its root>). */
async function startApi(label: string, start: typeof startTarget): Promise<Side> {
  const target = await start('guichet.ts');
  started.push(target);
  const { accessToken, email } = target.extra as { accessToken: string; email: string };
  emails.push(email);
  await admin.query(
    `insert into staff_organizations (organization_id, staff_id, permissions)
     select $1, id, array['ALL'] from staff where email = $2`,
    [organizationId, email],
  );
  return {
    label,
    target,
    base: `http://127.0.0.1:${target.port}/api`,
    headers: { authorization: `Bearer ${accessToken}`, 'x-organization-id': organizationId },
  };
}

const commits = async () =>
  Number(
    (
      await admin.query<{ n: string }>(
        'select xact_commit::text as n from pg_stat_database where datname = current_database()',
      )
    ).rows[0]?.n,
  );
// The statistics collector publishes a backend's counts within a second of its transactions.
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

interface Figures {
  cpu: number[];
  database: number[];
  statements: number[];
  rates: number[];
  p95s: number[];
}

async function measureRound(side: Side, path: string, figures: Figures) {
  const target = { url: `${side.base}${path}`, headers: side.headers, connections: 16, seconds };
  await settle();
  const commitsBefore = await commits();
  const backendsBefore = await databaseCpu(admin);
  const cpuBefore = cpuMs(side.target.child.pid) ?? 0;
  const result = await load(target);
  const cpuAfter = cpuMs(side.target.child.pid) ?? 0;
  const backends = (await databaseCpuSince(admin, backendsBefore)) ?? 0;
  await settle();
  // Less this round's own two reads of the counter.
  const committed = (await commits()) - commitsBefore - 2;
  figures.cpu.push((cpuAfter - cpuBefore) / result.total);
  figures.database.push(backends / result.total);
  figures.statements.push(committed / result.total);
  figures.rates.push(result.requestsPerSecond);
  figures.p95s.push(result.p95);
  if (result.errors + result.non2xx > 0)
    console.log(`  ${side.label}: ${result.errors + result.non2xx} failures`);
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

try {
  const sides: Side[] = [await startApi('API', startTarget)];
  if (process.env.BENCH_COMPARE) {
    const other = (await import(`${process.env.BENCH_COMPARE}/bench/lib.ts`)) as {
      startTarget: typeof startTarget;
    };
    sides.push(await startApi('API (compared)', other.startTarget));
  }
  const bare = await startTarget('reports-bare.ts', { BENCH_ORGANIZATION_ID: organizationId });
  started.push(bare);
  sides.push({ label: 'bare', target: bare, base: `http://127.0.0.1:${bare.port}` });
  for (const name of chosen) {
    const path = paths[name] ?? '';
    const measured = sides.filter((side) => name !== 'me' || side.label !== 'bare');
    const figures = new Map(
      measured.map((side) => [
        side,
        { cpu: [], database: [], statements: [], rates: [], p95s: [] } as Figures,
      ]),
    );
    for (const side of measured) {
      const check = await fetch(`${side.base}${path}`, { headers: side.headers });
      if (!check.ok) throw new Error(`${name} ${side.label}: ${check.status} ${await check.text()}`);
      await load({ url: `${side.base}${path}`, headers: side.headers, connections: 16, seconds: 3 });
    }
    const before = loadAverage();
    // Alternating rounds, the side measured first rotating.
    for (let index = 0; index < rounds; index++) {
      for (let turn = 0; turn < measured.length; turn++) {
        const side = measured[(index + turn) % measured.length] as Side;
        await measureRound(side, path, figures.get(side) as Figures);
      }
    }
    for (const [side, f] of figures) {
      console.log(
        `${name} ${side.label}: process CPU ${round(median(f.cpu), 3)} ms/request (least ${round(Math.min(...f.cpu), 3)}) [${f.cpu.map((v) => round(v, 3)).join(' ')}], ` +
          `database ${round(median(f.database), 3)} ms/request, ${round(median(f.statements), 2)} statements/request, ` +
          `${round(median(f.rates))} req/s, p95 ${median(f.p95s)} ms`,
      );
    }
    console.log(`  (load ${before} → ${loadAverage()})`);
  }
} finally {
  await admin.query(
    'delete from staff_organizations where organization_id = $1 and staff_id in (select id from staff where email = any($2))',
    [organizationId, emails],
  );
  await admin.end();
  for (const target of started) await target.stop();
}
