import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFPage,
  PDFRawStream,
} from 'pdf-lib';

/**
 * Reads a PDF back with the library that wrote it (tests): its pages and the text drawn on each.
 * pdf-lib writes standard-font text as hex strings of WinAnsi codes, and embedded fonts' text as
 * two-byte glyph codes that the font's ToUnicode map reads back: this decodes both.
 */

function streamsOf(page: PDFPage): PDFRawStream[] {
  const contents = page.node.Contents();
  if (contents instanceof PDFRawStream) return [contents];
  if (contents instanceof PDFArray) {
    return contents
      .asArray()
      .map((ref) => page.doc.context.lookup(ref))
      .filter((item): item is PDFRawStream => item instanceof PDFRawStream);
  }
  return [];
}

const WIN_ANSI_EXTRA: Record<number, string> = { 128: '€', 133: '…', 146: '’', 147: '“', 148: '”' };

/** A ToUnicode CMap's code → text (bfchar and bfrange entries, as pdf-lib writes them). */
function parseCMap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  const unicode = (hex: string) => {
    const units: number[] = [];
    for (let i = 0; i < hex.length; i += 4) units.push(Number.parseInt(hex.slice(i, i + 4), 16));
    return String.fromCharCode(...units);
  };
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(Number.parseInt(entry[1] ?? '0', 16), unicode(entry[2] ?? ''));
    }
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const entry of (block[1] ?? '').matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      const from = Number.parseInt(entry[1] ?? '0', 16);
      const to = Number.parseInt(entry[2] ?? '0', 16);
      const start = Number.parseInt(entry[3] ?? '0', 16);
      for (let code = from; code <= to; code += 1) map.set(code, String.fromCharCode(start + code - from));
    }
  }
  return map;
}

/** The page's embedded (Type0) fonts by resource name, with how their two-byte codes read. */
function embeddedFonts(page: PDFPage): Map<string, Map<number, string>> {
  const fonts = new Map<string, Map<number, string>>();
  const dict = page.node.Resources()?.lookup(PDFName.of('Font'));
  if (!(dict instanceof PDFDict)) return fonts;
  for (const [name, ref] of dict.entries()) {
    const font = page.doc.context.lookup(ref);
    if (!(font instanceof PDFDict)) continue;
    const cmap = font.lookup(PDFName.of('ToUnicode'));
    if (!(cmap instanceof PDFRawStream)) continue;
    fonts.set(
      name.asString().slice(1),
      parseCMap(Buffer.from(decodePDFRawStream(cmap).decode()).toString('latin1')),
    );
  }
  return fonts;
}

function pageText(page: PDFPage): string {
  const operators = streamsOf(page)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
  const embedded = embeddedFonts(page);
  const lines: string[] = [];
  let font: Map<number, string> | undefined;
  for (const match of operators.matchAll(/\/([^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
    if (match[1] !== undefined) {
      font = embedded.get(match[1]);
      continue;
    }
    const hex = match[2] ?? '';
    if (font) {
      const codes = font;
      let text = '';
      for (let i = 0; i < hex.length; i += 4)
        text += codes.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '?';
      lines.push(text);
      continue;
    }
    const bytes = Buffer.from(hex, 'hex');
    lines.push([...bytes].map((byte) => WIN_ANSI_EXTRA[byte] ?? String.fromCharCode(byte)).join(''));
  }
  return lines.join('\n');
}

export async function readPdf(bytes: Uint8Array | Buffer) {
  const doc = await PDFDocument.load(bytes);
  return {
    doc,
    pageCount: doc.getPageCount(),
    pages: doc.getPages().map(pageText),
    subject: doc.getSubject(),
    title: doc.getTitle(),
  };
}
