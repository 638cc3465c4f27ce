// Budget: Lighthouse's mobile run (its default: a mid-range phone on a slow 4G link, simulated) on
// /connection and a public event page of the built server: performance ≥ 90 and LCP ≤ 2.5 s.
// Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium): Lighthouse never downloads a browser.
// LIGHTHOUSE_RUNS=n runs each page n times on the same server and judges the medians (the simulated timings
// move with the machine's load); LIGHTHOUSE_REPORT_DIR=dir keeps each run's JSON report there.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startFlags } from '../scripts/start-flags.mjs';
import { median, root, round, verdict } from './lib';

const PAGES = ['/connection', '/e/demo-events/jazz-on-the-seine'];

/** The production server as `npm start` runs it (built first if needed), on the demo data. */
async function startBuiltServer(port: number, dataDir: string): Promise<ChildProcess> {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build failed');
  const server = spawn(process.execPath, [...startFlags({}), 'apps/api/dist/main.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      MAP_TILE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Creating the demo data on the embedded database takes minutes on a busy machine.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill('SIGTERM');
  throw new Error('the server did not become ready');
}

export async function benchLighthouse(): Promise<boolean> {
  const port = 4300 + Math.floor(Math.random() * 500);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-lighthouse-'));
  const server = await startBuiltServer(port, dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
    ],
  });
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  let ok = true;
  try {
    for (const page of PAGES) {
      const scores: number[] = [];
      const lcps: number[] = [];
      for (let run = 1; run <= runs; run++) {
        const result = await lighthouse(`http://localhost:${port}${page}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        });
        if (!result) throw new Error(`no Lighthouse result for ${page}`);
        const { lhr } = result;
        if (reportDir) {
          const name = `${page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${run}.json`;
          writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
        }
        if (lhr.runtimeError) {
          // A run Lighthouse could not measure (on a busy machine: a trace with no paint in it) is left out.
          console.log(`lighthouse ${page} (run ${run}): no result, ${lhr.runtimeError.code}`);
          continue;
        }
        const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const lcp = metric('largest-contentful-paint');
        scores.push(score);
        lcps.push(lcp);
        console.log(
          `lighthouse ${page}${runs > 1 ? ` (run ${run})` : ''}: performance ${score}, FCP ${round(metric('first-contentful-paint') / 1000, 2)} s, LCP ${round(lcp / 1000, 2)} s, TBT ${round(metric('total-blocking-time'), 0)} ms, CLS ${round(metric('cumulative-layout-shift'), 3)}, transferred ${round(metric('total-byte-weight') / 1024, 0)} KB`,
        );
      }
      if (scores.length === 0) throw new Error(`no run of ${page} could be measured`);
      const score = median(scores);
      const lcp = median(lcps);
      ok =
        verdict(
          `${page}: performance ≥ 90 and LCP ≤ 2.5 s (mobile${runs > 1 ? `, medians of ${runs} runs` : ''})`,
          score >= 90 && lcp <= 2500,
          `${score}, ${round(lcp / 1000, 2)} s`,
        ) && ok;
    }
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return ok;
}

if (process.argv[1]?.endsWith('lighthouse.ts')) {
  process.exitCode = (await benchLighthouse()) ? 0 : 1;
}
