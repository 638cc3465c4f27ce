import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type pg from 'pg';
import { startFlags as startFlagsFor } from '../scripts/start-flags.mjs';

export const root = path.resolve(import.meta.dirname, '..');

export interface Target {
  port: number;
  extra: Record<string, unknown>;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a benchmark target in its own process (so the load generator here and the server there each
 * get a core) and waits for the JSON line it prints once listening.
 */
export function startTarget(script: string, env: Record<string, string> = {}): Promise<Target> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        // The API runs with the Node.js flags `npm start` gives it; the bare baselines with none.
        ...(script === 'guichet.ts' ? startFlags() : []),
        // BENCH_API_FLAGS: Node.js flags added to the API's (e.g. to compare heap settings in one session).
        ...(script === 'guichet.ts' && process.env.BENCH_API_FLAGS
          ? process.env.BENCH_API_FLAGS.split(' ')
          : []),
        // BENCH_CPU_PROF=<dir>: each target writes a V8 CPU profile there when it stops (open it in
        // Chrome's DevTools), to see where a request's time goes.
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'targets', script),
      ],
      {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let buffer = '';
    // BENCH_START_TIMEOUT_MS: a busy machine may take longer than a minute to load the API.
    const startTimeoutMs = Number(process.env.BENCH_START_TIMEOUT_MS) || 60_000;
    const timer = setTimeout(() => reject(new Error(`${script} did not start`)), startTimeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((candidate) => candidate.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      const info = JSON.parse(line) as { port: number } & Record<string, unknown>;
      resolve({
        port: info.port,
        extra: info,
        child,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/**
 * The Node.js flags `npm start` gives the API (scripts/start-flags.mjs), for the database the benches give
 * it: BENCH_DATABASE_URL, or the embedded one.
 */
export function startFlags(): string[] {
  return startFlagsFor({ DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' });
}

const TICK_MS = 10;

/** The fields of /proc/<pid>/stat after the command's name. */
const statFields = (stat: string) => stat.split(') ')[1]?.split(' ') ?? [];

/** CPU time (user + system) a process has used, in ms, from /proc; undefined where there is no /proc. */
export function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/**
 * CPU time used by the local PostgreSQL server, in ms (Linux only): its live processes, and those that
 * ended (a closed connection's backend), which the server's main process counts once it has reaped them.
 */
export function postgresCpuMs(): number | undefined {
  try {
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const fields = statFields(stat);
        // utime, stime, cutime, cstime
        total +=
          (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS;
      } catch {
        // The process ended meanwhile.
      }
    }
    return total;
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms) of each backend now connected to the admin connection's database, by process id (Linux
 * only). On a server other work shares, the whole server's figure (`postgresCpuMs`) counts theirs too.
 */
export async function databaseCpu(admin: pg.Client): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const byBackend = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = cpuMs(pid);
    if (ms !== undefined) byBackend.set(pid, ms);
  }
  return byBackend;
}

/**
 * The CPU time the database's backends used since `before` (`databaseCpu`): a backend opened meanwhile
 * counts from its start; one closed meanwhile is missed (pools keep theirs open across a round). Undefined
 * where there is no /proc.
 */
export async function databaseCpuSince(
  admin: pg.Client,
  before: Map<number, number>,
): Promise<number | undefined> {
  const now = await databaseCpu(admin);
  if (now.size === 0) return undefined;
  let total = 0;
  for (const [pid, ms] of now) total += ms - (before.get(pid) ?? 0);
  return total;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

/** Bounded load on loopback only: `connections` clients for `seconds`. */
export async function load(options: {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Paths on `url`'s server, one per connection in turn (each connection keeps asking for its own). */
  paths?: string[];
}): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(options.url))
    throw new Error('bench targets loopback only');
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    ...(options.paths
      ? { setupClient: ownPath(options.paths, options.method ?? 'GET', options.headers) }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p99,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** Gives each connection (autocannon client) the next of `paths`. */
function ownPath(paths: string[], method: 'GET' | 'POST', headers: Record<string, string> | undefined) {
  let next = 0;
  return (client: { setRequests(requests: object[]): void }) => {
    client.setRequests([{ method, path: paths[next++ % paths.length], headers }]);
  };
}

export function verdict(label: string, ok: boolean, detail: string): boolean {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}: ${detail}`);
  return ok;
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The middle value (of an odd count; the upper middle otherwise). */
export const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/**
 * `rounds` rounds measuring both sides, the side measured first alternating: it tends to be slower (the
 * machine warms up).
 */
export async function alternatingRounds<Side extends string>(
  rounds: number,
  sides: readonly [Side, Side],
  measure: (side: Side) => Promise<void>,
): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? sides : [sides[1], sides[0]]) await measure(side);
  }
}

/**
 * `clients` callers for `seconds`, each timing its own calls to the microsecond: the rate and latency
 * quantiles. Each waits for its answer; with `everyMs`, it then waits about that long (0.5–1.5×) for its
 * next call, the callers out of step with one another. `warmupMs` at the start are not counted.
 */
export async function timedClients(
  clients: number,
  seconds: number,
  call: (client: number, turn: number) => Promise<void>,
  options: { everyMs?: number; warmupMs?: number } = {},
) {
  const { everyMs, warmupMs = 0 } = options;
  const latencies: number[] = [];
  let turn = 0;
  const counted = Date.now() + warmupMs;
  const deadline = counted + seconds * 1000;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      if (everyMs) await sleep(Math.random() * everyMs);
      while (Date.now() < deadline) {
        turn += 1;
        const started = performance.now();
        await call(client, turn);
        const took = performance.now() - started;
        if (Date.now() >= counted) latencies.push(took);
        if (everyMs) await sleep(Math.max(0, everyMs * (0.5 + Math.random()) - took));
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
  };
}
