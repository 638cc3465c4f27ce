import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Writes the door scanner's service worker (`scan-sw.js` at the root of the build) with the list of what it
 * must keep for offline use, taken from Vite's manifest once the build is written: the entry and its
 * imports, the scanner's app and everything it loads (its page, the QR decoder), the translations it uses
 * (core and scan, English and French), and the public files of its web app manifest. The build id in it
 * makes every build a new worker, which replaces the old one's cache.
 */

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const SCAN_APP = 'src/app/scan/scan-app.tsx';
const I18N = 'src/lib/i18n/index.ts';
const SCAN_LOCALES = /\/i18n\/locales\/[a-z]{2}(-scan)?\.ts$/;
export const SCAN_PUBLIC_FILES = [
  '/scan.webmanifest',
  '/scan-icon.svg',
  '/scan-icon-192.png',
  '/scan-icon-512.png',
  '/favicon.svg',
];

/** The files (JS, CSS, assets) the scanner needs, as absolute paths of the site. */
export function scannerAssets(manifest: Manifest): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey || !manifest[SCAN_APP]) throw new Error('The build has no entry or no scanner app');
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, followDynamic: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${file}`);
    for (const imported of chunk.imports ?? []) visit(imported, false);
    // The entry's own lazy imports are the other apps (back office, sign-in, buyer): not the scanner's.
    if (followDynamic)
      for (const lazy of chunk.dynamicImports ?? []) if (lazy !== entryKey) visit(lazy, true);
  };
  visit(entryKey, false);
  visit(SCAN_APP, true);
  if (manifest[I18N]) visit(I18N, false);
  for (const key of Object.keys(manifest)) if (SCAN_LOCALES.test(key)) visit(key, false);
  // The HTML entry is served as the page itself (the worker caches it as `/scan`).
  files.delete('/index.html');
  return [...files].sort();
}

export function scanServiceWorker(buildId: () => string): Plugin {
  const template = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scan-sw.js');
  return {
    name: 'guichet-scan-service-worker',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? 'dist';
      const manifest = JSON.parse(readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      const precache = [...scannerAssets(manifest), ...SCAN_PUBLIC_FILES];
      const header = `self.SCAN_VERSION = ${JSON.stringify(buildId())};\nself.SCAN_PRECACHE = ${JSON.stringify(precache)};\n`;
      writeFileSync(path.join(dir, 'scan-sw.js'), header + readFileSync(template, 'utf8'));
    },
  };
}
