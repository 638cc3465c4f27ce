// The real API (production settings, logging off) on a fresh embedded database, or BENCH_DATABASE_URL.
// BENCH_DATA_DIR: the data folder (the embedded database's files in its db/, as `npm start` keeps them);
// BENCH_WORKERS=true starts its jobs (outbox, mailings), which send to SMTP_URL at MAILING_RATE_PER_MINUTE
// when the bench gives them. VISITS_RECORDING=off: the visits bench's baseline.
import {
  type PerformanceEntry,
  PerformanceObserver,
  constants as performanceConstants,
} from 'node:perf_hooks';
import { openDatabase } from '@guichet/db/client';
import { loadGazetteer } from '@guichet/gazetteer/gazetteer';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';

const config = loadConfig({
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-012345',
  DATA_DIR: process.env.BENCH_DATA_DIR ?? '/tmp/guichet-bench',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  // The benchmark signs in thousands of times from one address.
  AUTH_RATE_LIMIT_PER_IP: '100000000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000000',
  // ...and places thousands of orders from one address.
  PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000',
  PUBLIC_ORDER_RATE_LIMIT_PER_MINUTE: '100000000',
  // ...and scans as fast as the doors can.
  SCAN_RATE_LIMIT_PER_MINUTE: '100000000',
  ...(process.env.SMTP_URL ? { SMTP_URL: process.env.SMTP_URL } : {}),
  // The visits bench's baseline: the beacon answered, nothing recorded.
  ...(process.env.VISITS_RECORDING ? { VISITS_RECORDING: process.env.VISITS_RECORDING } : {}),
  ...(process.env.MAILING_RATE_PER_MINUTE
    ? { MAILING_RATE_PER_MINUTE: process.env.MAILING_RATE_PER_MINUTE }
    : {}),
});
// With BENCH_DATA_DIR the embedded database keeps its files there, as `npm start` keeps them under DATA_DIR;
// without it, in memory (its files then count in the process's memory).
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: process.env.BENCH_DATA_DIR ? `${config.dataDir}/db` : undefined,
});
const app = await buildApp({
  config,
  db: database.db,
  logger: false,
  startWorker: process.env.BENCH_WORKERS === 'true',
});
// BENCH_LOAD_GAZETTEER=true: the place-search index is built before listening, as `npm start` does (its
// memory then counts from the start); without it, on the first search (the places bench times that).
if (process.env.BENCH_LOAD_GAZETTEER === 'true') loadGazetteer();
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

// BENCH_MEMORY_LOG=<ms>: the process's memory on stderr at that interval (see memory-log.mjs).
// @ts-expect-error: a plain script with no types, imported for its effect only
if (process.env.BENCH_MEMORY_LOG) await import('../memory-log.mjs');

const email = `bench-${Date.now()}@example.com`;
const password = 'bench-password';
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up',
  payload: { email, password, displayName: 'Bench' },
});
const { accessToken } = signUp.json<{ accessToken: string }>();
console.log(JSON.stringify({ port, email, password, accessToken }));
// BENCH_GC_LOG=true: at the end, the API's young and full collections and their pauses per 1,000 requests
// on stderr. The count is the young generation's size at work, whatever the machine's load; a pause holds
// every request in flight (the scanner's p99, bench/README.md).
const gcPauses = { minor: [] as number[], major: [] as number[], requests: 0 };
if (process.env.BENCH_GC_LOG === 'true') {
  app.server.on('request', () => {
    gcPauses.requests += 1;
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === performanceConstants.NODE_PERFORMANCE_GC_MINOR) gcPauses.minor.push(entry.duration);
      else if (kind === performanceConstants.NODE_PERFORMANCE_GC_MAJOR) gcPauses.major.push(entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
}
function gcSummary(): string {
  const per1000 = (count: number) => ((count * 1000) / Math.max(1, gcPauses.requests)).toFixed(2);
  const describe = (pauses: number[]) => {
    const sorted = [...pauses].sort((a, b) => a - b);
    const total = sorted.reduce((sum, ms) => sum + ms, 0);
    const at = (q: number) =>
      (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2);
    return `${sorted.length} (${per1000(sorted.length)} per 1,000 requests), ${total.toFixed(0)} ms in all, mean ${(total / Math.max(1, sorted.length)).toFixed(2)} ms, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`;
  };
  return `gc over ${gcPauses.requests} requests: young ${describe(gcPauses.minor)}; full ${describe(gcPauses.major)}`;
}

process.on('SIGTERM', () => {
  if (process.env.BENCH_GC_LOG === 'true') console.error(gcSummary());
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
