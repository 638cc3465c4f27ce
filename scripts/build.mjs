#!/usr/bin/env node
// `npm run build`: the web app (Vite, with brotli and gzip copies of its files) into apps/web/dist, the
// server's drawing of its first pages into apps/web/dist-ssr, then the
// API compiled into apps/api/dist: one ES module per entry (the server, its worker threads, the backup
// and restore tool), with the workspace packages (@guichet/*) bundled in and every other package left to node_modules,
// so `npm ci --omit=dev` is enough to run it. The migrations are copied beside the entries.
// `--if-stale` (used by `npm start`) builds only when the build is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiDist = path.join(root, 'apps/api/dist');
const webDist = path.join(root, 'apps/web/dist');
/** Written last: its time is the build's. */
const stamp = path.join(apiDist, 'build-info.json');

/** What the build is made from (tests excluded: they change nothing that ships). */
const SOURCES = [
  'apps/api/src',
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/scan-offline',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
  'packages/db/src',
  'packages/db/migrations',
  'packages/gazetteer/src',
  'package-lock.json',
  'scripts/build.mjs',
];

function newestSource() {
  let newest = 0;
  const visit = (file) => {
    if (!existsSync(file)) return;
    const stat = statSync(file);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) {
        if (entry !== 'test' && entry !== 'node_modules') visit(path.join(file, entry));
      }
    } else if (!/\.test\.tsx?$/.test(file)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const source of SOURCES) visit(path.join(root, source));
  return newest;
}

function isStale() {
  if (!existsSync(stamp) || !existsSync(path.join(webDist, 'index.html'))) return true;
  if (!existsSync(path.join(root, 'apps/web/dist-ssr'))) return true;
  return statSync(stamp).mtimeMs < newestSource();
}

async function buildApi() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    console.error(
      'The build is missing or older than the sources, and the build tools are not installed.\n' +
        'Run `npm ci` (with development dependencies) and `npm run build`, then start again.',
    );
    process.exit(1);
  }
  rmSync(apiDist, { recursive: true, force: true });
  /** Bundles the workspace packages; leaves every other package to node_modules. */
  const externalPackages = {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@guichet/') ? undefined : { path: args.path, external: true },
      );
    },
  };
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      main: 'apps/api/src/main.ts',
      'hash-worker': 'apps/api/src/modules/auth/hash-worker.mjs',
      'ticket-pdf-worker': 'apps/api/src/modules/delivery/ticket-pdf-worker.ts',
      'document-pdf-worker': 'apps/api/src/modules/documents/document-pdf-worker.ts',
      operations: 'apps/api/src/operations/cli.ts',
    },
    outdir: apiDist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    define: { GUICHET_BUILD: 'true' },
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'packages/db/migrations'), path.join(apiDist, 'migrations'), { recursive: true });
}

function buildWeb() {
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  if (!existsSync(vite)) return false;
  for (const args of [
    ['build', '--logLevel', 'warn'],
    // The server's drawing of the first pages (src/app/prerender.tsx), imported by the API.
    ['build', '--logLevel', 'warn', '--ssr', 'src/app/prerender.tsx', '--outDir', 'dist-ssr'],
  ]) {
    const result = spawnSync(vite, args, { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  return true;
}

if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
const started = Date.now();
console.log('Building the web app and the API...');
if (!buildWeb()) {
  console.error('Vite is not installed: run `npm ci` (with development dependencies) to build.');
  process.exit(1);
}
await buildApi();
writeFileSync(stamp, `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
