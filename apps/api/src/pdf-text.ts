import type { PDFFont } from 'pdf-lib';

/**
 * Text for the PDF's standard fonts. They need no download and no embedding, but they only carry the
 * Windows-1252 (WinAnsi) characters: anything else would make pdf-lib throw. Each character the font
 * lacks becomes its base letter when it has one (Ő → O, Ș → S, the narrow no-break space of French
 * dates → a space), a common look-alike, or `?`. The buyer's ticket page shows names as written.
 */

/** Letters with no decomposition to a base letter. */
const LOOK_ALIKES: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  Ŋ: 'N',
  ŋ: 'n',
  ĸ: 'k',
  ſ: 's',
  Ɨ: 'I',
  ƶ: 'z',
  Ƶ: 'Z',
  ȥ: 'z',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
};

const charsets = new WeakMap<PDFFont, Set<number>>();

function charsetOf(font: PDFFont): Set<number> {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  return set;
}

/** `text` with only characters `font` can draw, on one line. */
export function printable(font: PDFFont, text: string): string {
  const set = charsetOf(font);
  const has = (value: string) => [...value].every((char) => set.has(char.codePointAt(0) ?? -1));
  let out = '';
  for (const char of text.normalize('NFC').replace(/\s+/g, ' ')) {
    if (has(char)) {
      out += char;
      continue;
    }
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    if (base && has(base)) out += base;
    else if (LOOK_ALIKES[char]) out += LOOK_ALIKES[char];
    else out += '?';
  }
  return out.trim();
}

/** Whether the text kept something readable (a letter or digit) once made printable. */
export function readable(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** The text cut with an ellipsis so that it fits `maxWidth` at `size`. */
export function fit(font: PDFFont, text: string, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && font.widthOfTextAtSize(`${chars.join('')}…`, size) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** Words laid on at most `maxLines` lines of `maxWidth`; the last line is cut to fit. */
export function wrap(
  font: PDFFont,
  text: string,
  size: number,
  maxWidth: number,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.split(' ');
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] as string;
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth || !line) {
      line = candidate;
      continue;
    }
    if (lines.length === maxLines - 1) {
      lines.push(fit(font, `${line} ${words.slice(i).join(' ')}`, size, maxWidth));
      return lines;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(fit(font, line, size, maxWidth));
  return lines;
}
