import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startFlags as startFlagsFor } from '../../../../scripts/start-flags.mjs';
import { WorkerPool } from './pool';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const probe = fileURLToPath(new URL('../../test/support/heap-probe.ts', import.meta.url));
const MB = 1024 * 1024;

describe('worker pools', () => {
  it.each([
    ['PostgreSQL', 'postgres://guichet@127.0.0.1/guichet'],
    ['the embedded database', ''],
  ])(
    'bound each worker to its pool’s heap under `npm start`’s flags for %s, and leave the main thread’s as they were',
    async (_, url) => {
      const startFlags = startFlagsFor({ DATABASE_URL: url });
      // The flags are the process's; they used to override every worker's limits (a 128 MB young generation
      // per worker). A separate process, since the flags must be on its command line.
      expect(startFlags.some((flag) => flag.startsWith('--max-semi-space-size='))).toBe(true);
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [...startFlags, '--import', 'tsx', probe, '6', '64'],
        { cwd: root, timeout: 60_000 },
      );
      const limits = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
        mainBefore: number;
        mainAfter: number;
        worker: number;
      };
      // V8's heap limit is the old generation's plus the young generation's.
      expect(limits.worker).toBeLessThanOrEqual((6 + 64) * MB);
      const semiSpaceMb = Number(/--max-semi-space-size=(\d+)/.exec(startFlags.join(' '))?.[1]);
      expect(limits.mainBefore).toBeGreaterThanOrEqual(semiSpaceMb * 3 * MB);
      expect(limits.mainAfter).toBe(limits.mainBefore);
    },
  );

  it('reuses an idle worker, starts another only while all are busy, and ends workers left idle', async () => {
    const pool = new WorkerPool<object, number>(
      new URL('../../test/support/heap-probe-worker.mjs', import.meta.url),
      2,
      { maxYoungGenerationSizeMb: 6, maxOldGenerationSizeMb: 64 },
      300,
    );
    try {
      await pool.run({});
      await pool.run({});
      expect(pool.threads).toBe(1);
      await Promise.all([pool.run({}), pool.run({})]);
      expect(pool.threads).toBe(2);
      // Ended once idle for the pool's idleMs; the next task starts a worker again.
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(pool.threads).toBe(0);
      expect(await pool.run({})).toBeGreaterThan(0);
      expect(pool.threads).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
