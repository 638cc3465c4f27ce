import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build/precompress.ts';
import { scanServiceWorker } from './scan-offline/plugin.ts';

/**
 * This build's id (also in the scanner's service worker, so each build replaces its offline cache): a hash
 * of what the build is made from. The same sources give the same id, so the same files and sizes (a random
 * id moved the gzipped size of the chunks that name it, and their importers', by up to ~130 bytes a build).
 */
const buildId = (() => {
  const hash = createHash('sha256');
  const root = import.meta.dirname;
  const visit = (file: string) => {
    if (!existsSync(file)) return;
    if (statSync(file).isDirectory()) {
      for (const entry of readdirSync(file).sort()) visit(path.join(file, entry));
    } else {
      hash.update(path.relative(root, file)).update(readFileSync(file));
    }
  };
  for (const input of ['src', 'public', 'build', 'scan-offline', 'index.html', 'vite.config.ts']) {
    visit(path.join(root, input));
  }
  for (const input of ['packages/shared/src', 'package-lock.json']) visit(path.join(root, '../..', input));
  return hash.digest('hex').slice(0, 16);
})();

/**
 * Gives every build an id: defined into the bundle as `__BUILD_ID__` and written to `dist/build.json`,
 * which the running app polls to offer a reload when a newer build is deployed.
 */
function buildInfo(): Plugin {
  return {
    name: 'guichet-build-info',
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(buildId) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ buildId })}\n` });
    },
  };
}

/**
 * Two builds: the app (`dist/`), and the server's drawing of the first pages (`vite build --ssr`, see
 * `src/app/prerender.tsx`), a module the API imports from `dist-ssr/`: never served, so neither compressed
 * nor given the scanner's service worker.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react(), buildInfo()]
    : [react(), buildInfo(), scanServiceWorker(() => buildId), precompress()],
  server: { port: 5173 },
  build: {
    manifest: true,
    reportCompressedSize: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser that runs this build supports `<link rel="modulepreload">`: no polyfill in the entry.
    // The page's HTML preloads all the entry needs. Lazy imports keep the list of their style sheets (loaded
    // with them) but not of their JavaScript: those lists, written into every chunk that imports lazily,
    // weighed more than the sign-in page's and the shell's budgets could carry.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      // The shared package builds its zod schemas at module level; where the web app only needs a plain
      // function from such a module, dropping the unused schemas keeps zod out of the page's chunk.
      treeshake: { manualPureFunctions: ['z'] },
      // The server build imports the first pages statically (it draws them); their lazy imports in the
      // apps are for the browser's build, where they split as they should.
      checks: { ineffectiveDynamicImport: !isSsrBuild },
    },
  },
}));
