/**
 * The one CSV reader, for imports: the counterpart of `csv.ts`'s writer. It reads what spreadsheets write
 * (comma, semicolon or tab; quoted cells with doubled quotes and line breaks; CRLF or LF) a chunk at a
 * time, so a file of any length goes through in constant memory, and guesses the encoding of the bytes
 * (UTF-8 with or without BOM, UTF-16 either way, else Windows-1252, which covers Latin-1).
 */

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * The encoding of a file from its first bytes: a byte order mark says it; NUL bytes in every other place
 * mean UTF-16 without one; otherwise UTF-8 when `validUtf8` (the caller checked the whole file), else
 * Windows-1252.
 */
export function sniffEncoding(head: Uint8Array, validUtf8: boolean): CsvEncoding {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  const sample = head.subarray(0, 512);
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < sample.length; i += 1) {
    if (sample[i] === 0) {
      if (i % 2 === 0) evenNuls += 1;
      else oddNuls += 1;
    }
  }
  if (oddNuls > sample.length / 8) return 'utf-16le';
  if (evenNuls > sample.length / 8) return 'utf-16be';
  return validUtf8 ? 'utf-8' : 'windows-1252';
}

/** The separator of a header line: whichever of `;`, `,` and tab occurs most outside quotes. */
export function sniffSeparator(firstLine: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [separator, count] of counts) if (count > (counts.get(best) ?? 0)) best = separator;
  return best;
}

/** Longest cell accepted; a longer one is cut there (and a row validator refuses it). */
const MAX_CELL = 10_000;

/**
 * A streaming parser: `push` text as it is decoded and take the complete rows; `end` gives the last row.
 * Blank lines are skipped. The BOM, if the decoder left it, is dropped.
 */
export class CsvReader {
  private cell = '';
  private row: string[] = [];
  private quoted = false;
  /** A quote seen inside a quoted cell: the next character says whether it was doubled or closing. */
  private quotePending = false;
  private started = false;
  private separator: string | null;

  constructor(separator?: string) {
    this.separator = separator ?? null;
  }

  get detectedSeparator(): string | null {
    return this.separator;
  }

  push(text: string): string[][] {
    let chunk = text;
    if (!this.started) {
      if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
      if (chunk.length === 0) return [];
      this.started = true;
    }
    if (this.separator === null) {
      const end = chunk.search(/\r|\n/);
      this.separator = sniffSeparator(end === -1 ? chunk : chunk.slice(0, end));
    }
    const rows: string[][] = [];
    const separator = this.separator;
    for (let i = 0; i < chunk.length; i += 1) {
      const char = chunk[i] as string;
      if (this.quotePending) {
        this.quotePending = false;
        if (char === '"') {
          this.addChar('"');
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        if (char === '"') this.quotePending = true;
        else this.addChar(char);
        continue;
      }
      if (char === '"' && this.cell.length === 0) {
        this.quoted = true;
      } else if (char === separator) {
        this.row.push(this.cell);
        this.cell = '';
      } else if (char === '\n' || char === '\r') {
        // CRLF: the LF after a CR ends nothing more (the row is already out).
        if (char === '\n' && chunk[i - 1] === '\r') continue;
        this.finishRow(rows);
      } else {
        this.addChar(char);
      }
    }
    return rows;
  }

  end(): string[][] {
    const rows: string[][] = [];
    this.quotePending = false;
    this.quoted = false;
    this.finishRow(rows);
    return rows;
  }

  private addChar(char: string) {
    if (this.cell.length <= MAX_CELL) this.cell += char;
  }

  private finishRow(rows: string[][]) {
    this.row.push(this.cell);
    this.cell = '';
    const row = this.row;
    this.row = [];
    if (row.length === 1 && row[0]?.trim() === '') return;
    rows.push(row);
  }
}

/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or CR first). */
export function isFormula(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell);
}
