#!/usr/bin/env node
// `npm test`: every check and every test, in order, then one summary line.
// Static checks, unit + API tests on the embedded database, the API tests again on PostgreSQL when
// DATABASE_URL is set, the production build with its size budgets, the build run from a production-only
// install, and the browser journeys.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${label} (${seconds} s)`);
  if (!ok) failures.push(label);
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails before its tests run (an error while collecting them) has no failed test: count it
  // as one, so the last line never reads "0 failed" for a run that failed.
  for (const file of report.testResults ?? []) {
    if (file.status === 'failed' && !file.assertionResults?.some((test) => test.status === 'failed'))
      failed += 1;
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

run('typecheck', bin('tsc'), ['-p', 'tsconfig.json']);
run('typecheck web', bin('tsc'), ['-p', 'apps/web']);
run('typecheck browser tests', bin('tsc'), ['-p', 'e2e']);
run('lint and format', bin('biome'), ['check', '.']);

const vitestJson = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(results, name)}`,
];
run('unit and API tests (embedded PGlite)', bin('vitest'), ['run', ...vitestJson('vitest-pglite.json')], {
  TEST_DATABASE_URL: '',
});
countVitest(path.join(results, 'vitest-pglite.json'));

if (process.env.DATABASE_URL) {
  run('API tests (PostgreSQL)', bin('vitest'), ['run', 'apps/api', ...vitestJson('vitest-postgres.json')], {
    TEST_DATABASE_URL: process.env.DATABASE_URL,
  });
  countVitest(path.join(results, 'vitest-postgres.json'));
} else {
  console.log('\n(DATABASE_URL not set: API tests on PostgreSQL skipped)');
}

const built = run('production build', 'npm', ['run', 'build']);
if (built) {
  run('bundle budgets', process.execPath, ['apps/web/scripts/bundle-report.mjs']);
  run('production install (npm ci --omit=dev, compiled server)', process.execPath, [
    'scripts/check-production-install.mjs',
  ]);
}

// The journeys serve the build just made rather than making their own.
run('browser journeys (Playwright, Chromium)', bin('playwright'), ['test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'playwright.json'),
  ...(built ? { E2E_WEB_DIST: 'apps/web/dist' } : {}),
});
countPlaywright(path.join(results, 'playwright.json'));

console.log('');
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
