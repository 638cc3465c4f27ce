import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The app's HTML for a page, with `<link rel="modulepreload">` for every chunk that page's start-up will
 * import: its app (sign-in, buyer), the page itself, what they import, and the strings in the reader's
 * language. Without them the browser learns of each chunk only once the one before has run (HTML → entry
 * → app → theme → page → inputs: six round trips on a phone's link); with them it fetches them all at
 * once, beside the entry. Read from Vite's manifest once, at start.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export type Language = 'en' | 'fr';

/** The pages worth preloading: the first pages of people who have never been here. */
const PAGES: { match: (pathname: string) => boolean; modules: string[]; strings: string[] }[] = [
  ...[
    ['/connection', 'connection-page'],
    ['/regs8df0s9dfsd', 'registration-page'],
    ['/password-forgotten', 'password-forgotten-page'],
    ['/reset-password', 'reset-password-page'],
  ].map(([route, page]) => ({
    match: (pathname: string) => pathname === route,
    modules: ['src/app/public/public-app.tsx', `src/app/routes/auth/${page}.tsx`],
    strings: [''],
  })),
  {
    // The buyer's event page, as the web app's `isBuyerPath` knows it.
    match: (pathname) => /^\/e\/[^/]+\/[^/]+$/.test(pathname),
    modules: ['src/app/buyer/buyer-app.tsx', 'src/app/routes/buyer/event-page.tsx'],
    strings: ['', '-buyer'],
  },
];

/** The language the app will choose for a first visit: French when the browser prefers it. */
export function languageOf(acceptLanguage: string | undefined): Language {
  return /^\s*fr\b/i.test(acceptLanguage ?? '') ? 'fr' : 'en';
}

export class PagePreloads {
  private readonly html = new Map<string, string>();

  private constructor(
    private readonly indexHtml: string,
    private readonly manifest: Manifest,
  ) {}

  /** Null when the build has no manifest (then the plain index.html is served). */
  static load(webDist: string): PagePreloads | null {
    const manifestFile = path.join(webDist, '.vite', 'manifest.json');
    if (!existsSync(manifestFile)) return null;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    return new PagePreloads(readFileSync(path.join(webDist, 'index.html'), 'utf8'), manifest);
  }

  /** The HTML for `pathname` with its preloads; null for a page that has none (the plain file then). */
  htmlFor(pathname: string, language: Language): string | null {
    const normalized = pathname.replace(/\/+$/, '') || '/';
    const index = PAGES.findIndex((page) => page.match(normalized));
    if (index === -1) return null;
    const key = `${index}:${language}`;
    let html = this.html.get(key);
    if (html === undefined) {
      const page = PAGES[index] as (typeof PAGES)[number];
      const modules = [
        ...page.modules,
        ...page.strings.map((suffix) => `src/lib/i18n/locales/${language}${suffix}.ts`),
      ];
      html = this.withPreloads(this.filesOf(modules));
      this.html.set(key, html);
    }
    return html;
  }

  /** The chunks of `modules` and everything they import statically, each once; the entry is already there. */
  private filesOf(modules: string[]): { scripts: string[]; styles: string[] } {
    const seen = new Set<string>();
    const scripts: string[] = [];
    const styles = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || key === 'index.html') return;
      seen.add(key);
      const chunk = this.manifest[key];
      if (!chunk) return;
      scripts.push(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const module of modules) visit(module);
    return { scripts, styles: [...styles] };
  }

  private withPreloads({ scripts, styles }: { scripts: string[]; styles: string[] }): string {
    const links = [
      ...styles
        .filter((file) => !this.indexHtml.includes(file))
        .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ];
    return this.indexHtml.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
  }
}
