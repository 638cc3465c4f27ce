import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';

/**
 * Names in scripts the standard fonts lack (Greek, Cyrillic, Arabic): Noto Sans (SIL Open Font License
 * 1.1, from the @fontsource packages) embedded as a subset of the glyphs used, only in a PDF that needs
 * it. Each character takes the first font that has it: the standard font, then these. Chinese, Japanese
 * and Korean would need MBs of font files in the build: those names still print as "on your ticket page".
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

// The files are read once per thread; each PDF embeds only the fonts its text uses.
let bytes: { regular: Buffer[]; bold: Buffer[] } | null = null;
function fontBytes() {
  bytes ??= {
    regular: FILES.regular.map((file) => readFileSync(require.resolve(file))),
    bold: FILES.bold.map((file) => readFileSync(require.resolve(file))),
  };
  return bytes;
}

/** The fallback fonts of one document, embedded on first use. */
export class ScriptFonts {
  private readonly embedded = new Map<string, Promise<{ font: PDFFont; set: Set<number> }>>();
  private registered = false;

  constructor(private readonly doc: PDFDocument) {}

  private async font(weight: 'regular' | 'bold', index: number) {
    const key = `${weight}:${index}`;
    let entry = this.embedded.get(key);
    if (!entry) {
      if (!this.registered) {
        this.doc.registerFontkit(fontkit);
        this.registered = true;
      }
      const data = fontBytes()[weight][index] as Buffer;
      entry = this.doc
        .embedFont(data, { subset: true })
        .then((font) => ({ font, set: new Set(font.getCharacterSet()) }));
      this.embedded.set(key, entry);
    }
    return entry;
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
      // A space joins the run it is in (Arabic words keep their shaping together).
      if (char === ' ' && runs.length > 0) font = (runs.at(-1) as { font: PDFFont }).font;
      for (let i = 0; !font && i < FILES[weight].length; i += 1) {
        const candidate = await this.font(weight, i);
        if (candidate.set.has(code)) font = candidate.font;
      }
      if (!font) return null;
      const last = runs.at(-1);
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
