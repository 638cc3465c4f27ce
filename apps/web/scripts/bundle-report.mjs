#!/usr/bin/env node
// Gzipped JavaScript per route from Vite's manifest (dist/.vite/manifest.json), checked against budgets.
// The entry only chooses an app: the light sign-in app (`src/app/public/public-app.tsx`) for /connection,
// /regs8df0s9dfsd, /password-forgotten and /reset-password, the buyer app (`src/app/buyer/buyer-app.tsx`) for
// /e/{organisation}/{event} and /checkout/firebase, the back office (`src/app/back-office.tsx`) for
// everything else.
// - /connection: entry + the light app's chunk + the connection page's chunk, with their static imports,
//   + the larger language file.
// - app shell: entry + the back office's chunk + the default layout + the dashboard page, with their static
//   imports, + the larger language file.
// - buyer (the public event page): entry + the buyer app's chunk + the public event page's chunk, with their
//   static imports, + the larger core and buyer language files. Nothing of the back office.
// - scan (the door scanner at /scan): entry + the scanner app's chunk + its page's chunk, with their static
//   imports and the assets they bring (the QR decoder's worker), + the larger core and scan language files.
// - /acquisition: what the acquisition page adds to the app shell (its chart is hand-made SVG).
// - / (the dashboard): what its board (figures, chart, events, attention) adds to the app shell.
// - /events: what the events page adds to the app shell: its chunk and the larger events language file, with
//   their static imports, less the shell's chunks. Leaflet must not be among them: the map loads lazily.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const BUDGETS = {
  connection: 110 * KB,
  buyer: 120 * KB,
  shell: 220 * KB,
  events: 60 * KB,
  scan: 150 * KB,
  acquisition: 60 * KB,
  customers: 60 * KB,
  finances: 80 * KB,
  dashboard: 80 * KB,
};

const dist = process.env.WEB_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('No entry in the manifest: run `npm run build -w @guichet/web` first.');
  process.exit(1);
}

function keyOf(source) {
  if (!manifest[source]) {
    console.error(`${source} is not a chunk of this build (was it renamed?).`);
    process.exit(1);
  }
  return source;
}

/** The chunks and every chunk they import statically, recursively. */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

const sizes = new Map();
function gzippedFile(file) {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
}
function gzipped(key) {
  return gzippedFile(manifest[key].file);
}

const LOCALE_PARTS = {
  core: /\/i18n\/locales\/[a-z]{2}\.ts$/,
  'back-office': /\/i18n\/locales\/[a-z]{2}-back-office\.ts$/,
  events: /\/i18n\/locales\/[a-z]{2}-events\.ts$/,
  buyer: /\/i18n\/locales\/[a-z]{2}-buyer\.ts$/,
  scan: /\/i18n\/locales\/[a-z]{2}-scan\.ts$/,
  acquisition: /\/i18n\/locales\/[a-z]{2}-acquisition\.ts$/,
  dashboard: /\/i18n\/locales\/[a-z]{2}-dashboard\.ts$/,
  payments: /\/i18n\/locales\/[a-z]{2}-payments\.ts$/,
};
/**
 * Translations: one language is loaded at start, so count the larger. The sign-in pages load the core part
 * (`en.ts`, `fr.ts`); the back office also its own part (`en-back-office.ts`, ...); the events pages also
 * theirs (`en-events.ts`, ...).
 */
function largestLocale(part = 'core') {
  const pattern = LOCALE_PARTS[part];
  const locales = Object.keys(manifest).filter((key) => pattern.test(key));
  return locales.sort((a, b) => gzipped(b) - gzipped(a)).slice(0, 1);
}

const shellKeys = [
  entryKey,
  ...largestLocale(),
  ...largestLocale('back-office'),
  keyOf('src/app/back-office.tsx'),
  keyOf('src/app/layouts/default-layout.tsx'),
  keyOf('src/app/routes/dashboard/dashboard-page.tsx'),
];
const shell = closure(shellKeys);

const routes = {
  connection: [
    entryKey,
    ...largestLocale(),
    keyOf('src/app/public/public-app.tsx'),
    keyOf('src/app/routes/auth/connection-page.tsx'),
  ],
  buyer: [
    entryKey,
    ...largestLocale(),
    ...largestLocale('buyer'),
    keyOf('src/app/buyer/buyer-app.tsx'),
    keyOf('src/app/routes/buyer/event-page.tsx'),
  ],
  shell: shellKeys,
  scan: [
    entryKey,
    ...largestLocale(),
    ...largestLocale('scan'),
    keyOf('src/app/scan/scan-app.tsx'),
    keyOf('src/app/routes/scan/scanner-page.tsx'),
    // The QR decoder (qr-scanner's worker) loads when the camera starts; the budget includes it.
    keyOf('../../node_modules/qr-scanner/qr-scanner-worker.min.js'),
  ],
  events: [keyOf('src/app/routes/events/events-page.tsx'), ...largestLocale('events')],
  // Its own chart (hand-made SVG) included; the QR code library loads only when a code is downloaded.
  acquisition: [keyOf('src/app/routes/acquisition/acquisition-page.tsx'), ...largestLocale('acquisition')],
  // The three customers pages together, as a customer manager moves between them.
  // Both languages' strings are inside the pages' chunk (features/customers/i18n.ts).
  customers: [keyOf('src/app/routes/customers/customers-section-page.tsx')],
  // The finances page with its chart (drawn in SVG, no chart library) and its strings (the payments part).
  finances: [keyOf('src/app/routes/finances/finances-page.tsx'), ...largestLocale('payments')],
  // The page's frame is in the shell; its board loads after it with its chart (SVG) and strings.
  dashboard: [keyOf('src/app/routes/dashboard/dashboard-board.tsx'), ...largestLocale('dashboard')],
};
/** A route counted beyond the shell leaves out the chunks the shell has already loaded. */
const excluded = { events: shell, acquisition: shell, customers: shell, finances: shell, dashboard: shell };
const TITLES = {
  connection: '/connection route',
  buyer: '/e/{organisation}/{event} route (buyer app)',
  shell: 'app shell',
  events: '/events route, beyond the shell',
  acquisition: '/acquisition route, beyond the shell',
  customers: '/customers, /customers/:id and /customers/list, beyond the shell',
  finances: '/finances route, beyond the shell',
  dashboard: '/ (dashboard board), beyond the shell',
  scan: '/scan (door scanner, with its QR decoder)',
};

/** Whether a chunk carries Leaflet (its own class names survive minification). */
function hasLeaflet(key) {
  return (
    /leaflet/i.test(manifest[key].file) ||
    readFileSync(join(dist, manifest[key].file), 'utf8').includes('leaflet-zoom-anim')
  );
}

const format = (bytes) => `${(bytes / KB).toFixed(1).padStart(7)} KB`;
let failed = false;
for (const [name, keys] of Object.entries(routes)) {
  const chunks = [...closure(keys)].filter(
    (key) => manifest[key].file.endsWith('.js') && !excluded[name]?.has(key),
  );
  // Workers are assets of the chunk that starts them (the scanner's QR decoder): they count too.
  const workers = [...new Set(chunks.flatMap((key) => manifest[key].assets ?? []))].filter((file) =>
    file.endsWith('.js'),
  );
  const total =
    chunks.reduce((sum, key) => sum + gzipped(key), 0) +
    workers.reduce((sum, file) => sum + gzippedFile(file), 0);
  const budget = BUDGETS[name];
  const over = total > budget;
  failed ||= over;
  console.log(`\n${TITLES[name]}: ${chunks.length} chunks`);
  for (const key of chunks.sort((a, b) => gzipped(b) - gzipped(a))) {
    console.log(`  ${format(gzipped(key))}  ${manifest[key].file}`);
  }
  for (const file of workers) console.log(`  ${format(gzippedFile(file))}  ${file} (worker)`);
  console.log(
    `  ${format(total)}  total (budget ${format(budget).trim()}, ${budget - total} bytes left)  ${over ? 'OVER BUDGET' : 'ok'}`,
  );
  if (name === 'events') {
    const leaflet = chunks.filter(hasLeaflet);
    failed ||= leaflet.length > 0;
    for (const key of leaflet)
      console.log(`  LEAFLET LOADED STATICALLY: ${manifest[key].file} (the map must stay lazy)`);
  }
}

const allJs = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file, index, files) => file.endsWith('.js') && files.indexOf(file) === index);
const everything = allJs.reduce(
  (sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
  0,
);
console.log(
  `\nall JavaScript: ${allJs.length} files, ${format(everything).trim()} gzipped (for information)`,
);

process.exit(failed ? 1 : 0);
