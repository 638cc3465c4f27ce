// Budget: GET /api/health throughput ≥ 90% of a bare node:http server, measured in the same run.
import { load, round, startTarget, verdict } from './lib';

export async function benchHealth(seconds = 8): Promise<boolean> {
  const bare = await startTarget('bare-http.ts');
  // Warm-up, then the measured run.
  await load({ url: `http://127.0.0.1:${bare.port}/`, connections: 16, seconds: 2 });
  const baseline = await load({ url: `http://127.0.0.1:${bare.port}/`, connections: 16, seconds });
  await bare.stop();

  const guichet = await startTarget('guichet.ts');
  const url = `http://127.0.0.1:${guichet.port}/api/health`;
  await load({ url, connections: 16, seconds: 2 });
  const measured = await load({ url, connections: 16, seconds });
  await guichet.stop();

  const ratio = measured.requestsPerSecond / baseline.requestsPerSecond;
  console.log(
    `health: bare node:http ${round(baseline.requestsPerSecond)} req/s, Guichet ${round(measured.requestsPerSecond)} req/s (p99 ${measured.p99} ms, errors ${measured.errors + measured.non2xx})`,
  );
  return verdict('GET /api/health ≥ 90% of bare node:http', ratio >= 0.9, `${round(ratio * 100)}%`);
}

if (process.argv[1]?.endsWith('health.ts')) {
  process.exitCode = (await benchHealth()) ? 0 : 1;
}
