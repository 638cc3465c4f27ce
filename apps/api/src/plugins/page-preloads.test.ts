import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageOf, PagePreloads } from './page-preloads';

const INDEX =
  '<html><head><script type="module" src="/assets/index-1.js"></script>\n  </head><body></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true },
  'src/app/public/public-app.tsx': { file: 'assets/public-app-2.js', imports: ['_theme-3.js', 'index.html'] },
  'src/app/routes/auth/connection-page.tsx': {
    file: 'assets/connection-page-4.js',
    imports: ['_theme-3.js', '_inputs-5.js'],
    css: ['assets/inputs-6.css'],
  },
  '_theme-3.js': { file: 'assets/theme-3.js' },
  '_inputs-5.js': { file: 'assets/inputs-5.js', imports: ['_theme-3.js'] },
  'src/lib/i18n/locales/en.ts': { file: 'assets/en-7.js' },
  'src/lib/i18n/locales/fr.ts': { file: 'assets/fr-8.js' },
};

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'guichet-preloads-'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the preloads of a first page', () => {
  it('lists every chunk the sign-in page will import, once each, and its strings in the reader’s language', () => {
    const preloads = PagePreloads.load(dist)!;
    const html = preloads.htmlFor('/connection/', 'fr')!;
    const preloaded = [...html.matchAll(/rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(preloaded.sort()).toEqual(
      [
        'assets/public-app-2.js',
        'assets/theme-3.js',
        'assets/connection-page-4.js',
        'assets/inputs-5.js',
        'assets/fr-8.js',
      ].sort(),
    );
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/inputs-6.css">');
    expect(html).not.toContain('href="/assets/index-1.js"');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('has none for other pages, nor without a manifest', () => {
    expect(PagePreloads.load(dist)!.htmlFor('/events', 'en')).toBeNull();
    expect(PagePreloads.load(tmpdir())).toBeNull();
  });

  it('reads the language a first visit will get from Accept-Language', () => {
    expect(languageOf('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageOf('en-GB,fr;q=0.5')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });
});
