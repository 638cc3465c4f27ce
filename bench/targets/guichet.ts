// The real API (production settings, logging off) on a fresh embedded database, or BENCH_DATABASE_URL.
// BENCH_DATA_DIR: the data folder (the embedded database's files in its db/, as `npm start` keeps them);
// BENCH_WORKERS=true starts its jobs (outbox, mailings), which send to SMTP_URL at MAILING_RATE_PER_MINUTE
// when the bench gives them. VISITS_RECORDING=off: the visits bench's baseline.
import v8 from 'node:v8';
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

// BENCH_MEMORY_LOG=<ms>: the process's memory (resident, V8 heap used and total, young generation, external and
// array buffers, in MB) on stderr at that interval, to see what a resident-memory peak is made of.
if (process.env.BENCH_MEMORY_LOG) {
  const mb = (bytes: number) => Math.round(bytes / 1_048_576);
  setInterval(() => {
    const usage = process.memoryUsage();
    const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    console.error(
      `memory rss ${mb(usage.rss)} heapUsed ${mb(usage.heapUsed)} heapTotal ${mb(usage.heapTotal)} young ${mb(young?.space_size ?? 0)} external ${mb(usage.external)} arrayBuffers ${mb(usage.arrayBuffers)}`,
    );
  }, Number(process.env.BENCH_MEMORY_LOG)).unref();
}

const email = `bench-${Date.now()}@example.com`;
const password = 'bench-password';
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up',
  payload: { email, password, displayName: 'Bench' },
});
const { accessToken } = signUp.json<{ accessToken: string }>();
console.log(JSON.stringify({ port, email, password, accessToken }));
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
