// Budget: place search answers a three-letter prefix with p95 ≤ 20 ms, through the HTTP API at 16
// concurrent clients (signed in, rotating prefixes) and in-process. Also prints what loading the embedded
// gazetteer costs: in this process, and as the first search a fresh server answers.
import { gazetteerLoad, loadGazetteer } from '@guichet/gazetteer/gazetteer';
import autocannon from 'autocannon';
import { round, startTarget, verdict } from './lib';

const BUDGET_MS = 20;
const PREFIXES = [
  'par',
  'lon',
  'ber',
  'mad',
  'rom',
  'mil',
  'lyo',
  'mar',
  'san',
  'new',
  'bos',
  'chi',
  'tor',
  'mon',
  'zur',
  'gen',
  'bru',
  'ams',
  'vie',
  'pra',
  'war',
  'bud',
  'lis',
  'por',
  'dub',
  'edi',
  'man',
  'liv',
  'gla',
  'car',
  'nic',
  'bor',
  'tou',
  'lil',
  'nan',
  'str',
  'ren',
  'gre',
  'dij',
  'ang',
  'mün',
  'zür',
  'são',
  'kra',
  'ath',
  'ist',
  'kyo',
  'tok',
  'seo',
  'syd',
  'Par',
  'LON',
  'Mont',
  'st e',
  'qxz',
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function inProcess(rounds = 20_000) {
  const started = performance.now();
  const gazetteer = loadGazetteer();
  const loadMs = performance.now() - started;
  const timings: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const prefix = PREFIXES[i % PREFIXES.length]!;
    const t0 = performance.now();
    gazetteer.search(prefix, { limit: 8, country: i % 5 === 0 ? 'FR' : undefined });
    timings.push(performance.now() - t0);
  }
  return { loadMs, detail: gazetteerLoad(), p50: percentile(timings, 50), p95: percentile(timings, 95) };
}

async function throughApi(seconds: number) {
  const target = await startTarget('guichet.ts');
  const { accessToken } = target.extra as { accessToken: string };
  const base = `http://127.0.0.1:${target.port}`;
  const headers = { authorization: `Bearer ${accessToken}` };
  const url = (prefix: string) => `/api/places?q=${encodeURIComponent(prefix)}`;

  const started = performance.now();
  const first = await fetch(`${base}${url('par')}`, { headers });
  const firstMs = performance.now() - started;
  if (!first.ok) throw new Error(`first search answered ${first.status}`);

  const run = async (duration: number) => {
    let next = 0;
    const latencies: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: base,
          connections: 16,
          duration,
          headers,
          requests: [
            {
              method: 'GET',
              setupRequest: (request) => ({ ...request, path: url(PREFIXES[next++ % PREFIXES.length]!) }),
            },
          ],
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    });
    return {
      requestsPerSecond: result.requests.average,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      errors: result.errors + result.timeouts + result.non2xx,
    };
  };
  await run(2);
  const measured = await run(seconds);
  await target.stop();
  return { firstMs, ...measured };
}

export async function benchPlaces(seconds = 8): Promise<boolean> {
  const local = inProcess();
  console.log(
    `places: gazetteer loaded in ${round(local.loadMs, 0)} ms (read ${round(local.detail?.readMs ?? 0, 0)} ms, index ${round(local.detail?.indexMs ?? 0, 0)} ms, ${local.detail?.cities} cities)`,
  );
  console.log(
    `places: in-process three-letter lookup p50 ${round(local.p50, 4)} ms, p95 ${round(local.p95, 4)} ms`,
  );
  const api = await throughApi(seconds);
  console.log(
    `places: first search on a fresh server (loads the gazetteer) ${round(api.firstMs, 0)} ms; then 16 connections: ${round(api.requestsPerSecond, 0)} req/s, p50 ${api.p50} ms, p95 ${api.p95} ms, p99 ${api.p99} ms (errors ${api.errors})`,
  );
  const a = verdict(
    `GET /api/places three-letter prefix p95 ≤ ${BUDGET_MS} ms (16 connections)`,
    api.p95 <= BUDGET_MS && api.errors === 0,
    `${api.p95} ms`,
  );
  const b = verdict(
    `in-process three-letter lookup p95 ≤ ${BUDGET_MS} ms`,
    local.p95 <= BUDGET_MS,
    `${round(local.p95, 4)} ms`,
  );
  return a && b;
}

if (process.argv[1]?.endsWith('places.ts')) {
  process.exitCode = (await benchPlaces()) ? 0 : 1;
}
