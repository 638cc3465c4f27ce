// Budgets: sign-in throughput ≥ 80% of raw argon2 verify throughput; while sign-in is saturated, a cheap
// authenticated route's p99 stays within 2× its idle p99 (hashing must not block the event loop).
import { load, round, startTarget, verdict } from './lib';

export async function benchAuth(seconds = 8): Promise<boolean> {
  const raw = await startTarget('argon2-verify.ts', { BENCH_SECONDS: String(seconds) });
  const verifiesPerSecond = raw.extra.verifiesPerSecond as number;
  await new Promise((resolve) => raw.child.once('exit', resolve));

  const guichet = await startTarget('guichet.ts');
  const { email, password, accessToken } = guichet.extra as {
    email: string;
    password: string;
    accessToken: string;
  };
  const base = `http://127.0.0.1:${guichet.port}/api`;
  const signIn = {
    url: `${base}/auth/sign-in`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  };
  const me = { url: `${base}/staffs/me`, headers: { authorization: `Bearer ${accessToken}` } };

  await load({ ...signIn, connections: 8, seconds: 2 });
  const signInRun = await load({ ...signIn, connections: 8, seconds });
  await load({ ...me, connections: 1, seconds: 2 });
  const idle = await load({ ...me, connections: 1, seconds });
  const [, busy] = await Promise.all([
    load({ ...signIn, connections: 8, seconds }),
    load({ ...me, connections: 1, seconds }),
  ]);
  await guichet.stop();

  const throughputRatio = signInRun.requestsPerSecond / verifiesPerSecond;
  console.log(
    `sign-in: raw argon2 verify ${round(verifiesPerSecond)}/s, sign-in ${round(signInRun.requestsPerSecond)}/s (errors ${signInRun.errors + signInRun.non2xx})`,
  );
  console.log(`GET /api/staffs/me p99: idle ${idle.p99} ms, during sign-in saturation ${busy.p99} ms`);
  const a = verdict(
    'sign-in ≥ 80% of raw argon2 verify',
    throughputRatio >= 0.8,
    `${round(throughputRatio * 100)}%`,
  );
  // Below a millisecond the ratio measures timer noise, so the idle p99 is floored at 1 ms.
  const latencyRatio = busy.p99 / Math.max(1, idle.p99);
  const b = verdict(
    'authenticated p99 under sign-in load ≤ 2× idle',
    latencyRatio <= 2,
    `${round(latencyRatio, 2)}×`,
  );
  return a && b;
}

if (process.argv[1]?.endsWith('auth.ts')) {
  process.exitCode = (await benchAuth()) ? 0 : 1;
}
