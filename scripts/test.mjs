#!/usr/bin/env node
// `npm test`: every check and every test, in order, then one summary line.
// Static checks, unit + API tests on the embedded database, the API and database-layer tests again on
// PostgreSQL when DATABASE_URL is set, the production build with its size budgets, the build run from a
// production-only install, and the browser journeys.
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
// Each failed test by name, repeated after the summary: a long run's output is often read from its tail.
const failedTests = [];

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

function countVitest(label, file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedHere = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedHere) failedTests.push(`${label}: ${where} › ${test.fullName}`);
    // A file that fails before its tests run (an error while collecting them) has no failed test: count it
    // as one, so the last line never reads "0 failed" for a run that failed.
    if (file.status === 'failed' && failedHere.length === 0) {
      failed += 1;
      failedTests.push(
        `${label}: ${where} (${file.message?.split('\n')[0] ?? 'failed before its tests ran'})`,
      );
    }
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected')
          failedTests.push(`browser: ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of suites ?? []) visit(suite, []);
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
countVitest('embedded', path.join(results, 'vitest-pglite.json'));

if (process.env.DATABASE_URL) {
  // packages/db: its pool's tests need a server; they are skipped on the embedded run.
  const onPostgres = ['run', 'apps/api', 'packages/db', ...vitestJson('vitest-postgres.json')];
  run('API tests (PostgreSQL)', bin('vitest'), onPostgres, { TEST_DATABASE_URL: process.env.DATABASE_URL });
  countVitest('PostgreSQL', path.join(results, 'vitest-postgres.json'));
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
for (const test of failedTests) console.log(`✘ ${test}`);
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
