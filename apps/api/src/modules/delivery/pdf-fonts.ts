import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import { cjkSliceBytes, cjkSlicesFor } from './cjk-font-slices';

/**
 * Names in scripts the standard fonts lack: Noto Sans (SIL Open Font License 1.1, from the @fontsource
 * packages) embedded as a subset of the glyphs used, only in a PDF that needs it. Each character takes the
 * first font that has it: the standard font, then the Greek, Cyrillic, Latin extended and Arabic files
 * below, then the slice of Noto Sans SC or KR whose unicode range holds it (Chinese, Japanese kana and
 * kanji, Korean: see cjk-font-slices.ts). Files are resolved in node_modules at run time, never bundled.
 * A character in none of them (an emoji, a rare script) makes the name print "on your ticket page".
 */

const require = createRequire(import.meta.url);
const FILES = {
  regular: [
    '@fontsource/noto-sans/files/noto-sans-greek-400-normal.woff',
    '@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff',
    '@fontsource/noto-sans/files/noto-sans-cyrillic-ext-400-normal.woff',
    '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff',
    '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
  ],
  bold: [
    '@fontsource/noto-sans/files/noto-sans-greek-700-normal.woff',
    '@fontsource/noto-sans/files/noto-sans-cyrillic-700-normal.woff',
    '@fontsource/noto-sans/files/noto-sans-cyrillic-ext-700-normal.woff',
    '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff',
    '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff',
  ],
} as const;

/**
 * fontkit, loaded the first time a text has a character the standard fonts lack: loading it cost every PDF
 * worker 7–10 MB of resident memory and 0.3–0.5 s before its first document (decision 043), and most
 * documents (Latin names) never need it.
 */
let fontkitLoad: Promise<typeof Fontkit> | null = null;
function loadFontkit(): Promise<typeof Fontkit> {
  fontkitLoad ??= import('@pdf-lib/fontkit').then((module) => module.default);
  return fontkitLoad;
}

// The files and their character sets are read once per thread; each PDF embeds only the fonts its text uses.
let bytes: { regular: Buffer[]; bold: Buffer[] } | null = null;
function fontBytes() {
  bytes ??= {
    regular: FILES.regular.map((file) => readFileSync(require.resolve(file))),
    bold: FILES.bold.map((file) => readFileSync(require.resolve(file))),
  };
  return bytes;
}
const characterSets = new Map<string, Set<number>>();
function characterSet(fontkit: typeof Fontkit, weight: 'regular' | 'bold', index: number) {
  const key = `${weight}:${index}`;
  let set = characterSets.get(key);
  if (!set) {
    set = new Set(fontkit.create(fontBytes()[weight][index] as Buffer).characterSet);
    characterSets.set(key, set);
  }
  return set;
}

/** The fallback fonts of one document, embedded on first use. */
export class ScriptFonts {
  private readonly embedded = new Map<string, Promise<{ font: PDFFont; set: Set<number> }>>();
  private registered = false;
  /** The embedded fonts that have a space of their own. */
  private readonly spaced = new Set<PDFFont>();

  constructor(private readonly doc: PDFDocument) {}

  private async font(key: string, data: () => Buffer) {
    let entry = this.embedded.get(key);
    if (!entry) {
      entry = loadFontkit()
        .then((fontkit) => {
          if (!this.registered) {
            this.doc.registerFontkit(fontkit);
            this.registered = true;
          }
          return this.doc.embedFont(data(), { subset: true });
        })
        .then((font) => {
          const set = new Set(font.getCharacterSet());
          if (set.has(0x20)) this.spaced.add(font);
          return { font, set };
        });
      this.embedded.set(key, entry);
    }
    return entry;
  }

  /** The first fallback font that draws `code`, embedding only that one. */
  private async fontFor(code: number, weight: 'regular' | 'bold') {
    const fontkit = await loadFontkit();
    for (let i = 0; i < FILES[weight].length; i += 1) {
      if (!characterSet(fontkit, weight, i).has(code)) continue;
      return (await this.font(FILES[weight][i] as string, () => fontBytes()[weight][i] as Buffer)).font;
    }
    for (const file of cjkSlicesFor(code, weight)) {
      const candidate = await this.font(file, () => cjkSliceBytes(file));
      if (candidate.set.has(code)) return candidate.font;
    }
    return null;
  }

  /**
   * `text` cut into runs of one font each (`base` first), or null when some character is in none of
   * them. Only fonts the text needs are embedded.
   */
  async runs(text: string, base: PDFFont, weight: 'regular' | 'bold') {
    const baseSet = new Set(base.getCharacterSet());
    const runs: { text: string; font: PDFFont }[] = [];
    for (const char of text.normalize('NFC').replace(/\s+/g, ' ')) {
      const code = char.codePointAt(0) ?? -1;
      let font: PDFFont | null = baseSet.has(code) ? base : null;
      // A space joins the run it is in when that font has one (Arabic words keep their shaping together;
      // the CJK slices have no space, so it falls back to the base font).
      const last = runs.at(-1);
      if (char === ' ' && last && this.spaced.has(last.font)) font = last.font;
      font ??= await this.fontFor(code, weight);
      if (!font) return null;
      if (last && last.font === font) last.text += char;
      else runs.push({ text: char, font });
    }
    return runs;
  }
}

/** Draws runs one after the other from `x`, stopping before `width` is passed. */
export function drawRuns(
  page: PDFPage,
  runs: { text: string; font: PDFFont }[],
  options: { x: number; y: number; size: number; width: number; color: RGB },
) {
  let x = options.x;
  for (const run of runs) {
    const width = run.font.widthOfTextAtSize(run.text, options.size);
    if (x + width > options.x + options.width) break;
    page.drawText(run.text, { x, y: options.y, size: options.size, font: run.font, color: options.color });
    x += width;
  }
}
