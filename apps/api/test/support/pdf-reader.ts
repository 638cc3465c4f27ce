import { decodePDFRawStream, PDFArray, PDFDocument, type PDFPage, PDFRawStream } from 'pdf-lib';

/**
 * Reads a PDF back with the library that wrote it (tests): its pages and the text drawn on each.
 * pdf-lib writes standard-font text as hex strings of WinAnsi codes, which is what this decodes.
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

function pageText(page: PDFPage): string {
  const operators = streamsOf(page)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
  const lines: string[] = [];
  for (const match of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
    const bytes = Buffer.from(match[1] ?? '', 'hex');
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
