// Budget: GET /api/health throughput ≥ 90% of a bare node:http server, measured in the same run.
// Both servers stay up and are measured in alternating rounds; the medians are compared, because on a
// shared two-core machine a single run of either side varies by ±10%.
import { alternatingRounds, load, median, round, startTarget, verdict } from './lib';

export async function benchHealth(seconds = 5, rounds = 6): Promise<boolean> {
  const bare = await startTarget('bare-http.ts');
  const guichet = await startTarget('guichet.ts');
  const urls = {
    bare: `http://127.0.0.1:${bare.port}/`,
    guichet: `http://127.0.0.1:${guichet.port}/api/health`,
  };
  const samples = { bare: [] as number[], guichet: [] as number[] };
  let errors = 0;
  for (const url of Object.values(urls)) await load({ url, connections: 16, seconds: 2 });
  await alternatingRounds(rounds, ['bare', 'guichet'], async (side) => {
    const result = await load({ url: urls[side], connections: 16, seconds });
    samples[side].push(result.requestsPerSecond);
    errors += result.errors + result.non2xx;
  });
  await Promise.all([bare.stop(), guichet.stop()]);

  const ratio = median(samples.guichet) / median(samples.bare);
  console.log(
    `health: bare node:http ${samples.bare.map((v) => round(v, 0)).join(' / ')} req/s, Guichet ${samples.guichet.map((v) => round(v, 0)).join(' / ')} req/s (errors ${errors})`,
  );
  return verdict(
    'GET /api/health ≥ 90% of bare node:http (medians)',
    ratio >= 0.9 && errors === 0,
    `${round(ratio * 100)}%`,
  );
}

if (process.argv[1]?.endsWith('health.ts')) {
  process.exitCode = (await benchHealth()) ? 0 : 1;
}
