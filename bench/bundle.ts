// Budgets: JavaScript for /connection ≤ 110 KB gzipped; the whole app shell ≤ 220 KB gzipped.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root, verdict } from './lib';

export function benchBundle(): boolean {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) return verdict('web build', false, 'vite build failed');
  const report = spawnSync(process.execPath, [path.join(root, 'apps/web/scripts/bundle-report.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  return verdict(
    'bundle budgets',
    report.status === 0,
    report.status === 0 ? 'within budget' : 'over budget',
  );
}

if (process.argv[1]?.endsWith('bundle.ts')) {
  process.exitCode = benchBundle() ? 0 : 1;
}
