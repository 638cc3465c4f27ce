// The API as `npm start` runs it: the build (made first when it is missing or stale, as `npm start` does),
// `apps/api/dist/main.mjs` with the start script's Node.js flags, configured by its environment. For the
// benches that judge the process users run (its memory): the other benches run the sources through tsx,
// whose compiler and source maps add about 100 MB to the process (and to each worker thread).
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { root, startFlags, type Target } from './lib';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * Starts the built API on 127.0.0.1 with `env` added to the production settings below, waits until it
 * answers (bounded), and signs a staff member up: `extra.accessToken`. BENCH_API_FLAGS adds Node.js flags;
 * BENCH_MEMORY_LOG=<ms> prints its memory on stderr at that interval.
 */
export async function startBuiltApi(env: Record<string, string>): Promise<Target> {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build failed');
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...startFlags(),
      ...(process.env.BENCH_API_FLAGS ? process.env.BENCH_API_FLAGS.split(' ') : []),
      ...(process.env.BENCH_MEMORY_LOG ? ['--import', path.join(import.meta.dirname, 'memory-log.mjs')] : []),
      path.join(root, 'apps/api/dist/main.mjs'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-012345',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the built API exited with ${code}`))),
  );
  exited.catch(() => {});
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (Number(process.env.BENCH_START_TIMEOUT_MS) || 60_000);
  for (;;) {
    const ready = await Promise.race([
      fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ]);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the built API did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const signUp = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-password',
      displayName: 'Bench',
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up refused: ${signUp.status} ${await signUp.text()}`);
  const { accessToken } = (await signUp.json()) as { accessToken: string };
  return {
    port,
    extra: { accessToken },
    child,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
