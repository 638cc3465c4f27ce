import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Chinese, Japanese and Korean glyphs for the tickets' PDF: Noto Sans SC (Han ideographs, including the
 * Japanese forms, and kana) and Noto Sans KR (hangul), SIL Open Font License 1.1, from the @fontsource
 * packages. Each font is shipped in about a hundred numbered slices of a few tens of KB, each covering a
 * `unicode-range` listed in the package's `unicode.json`. The ranges are read once per thread; a PDF reads
 * only the slices its names fall in.
 */

const require = createRequire(import.meta.url);
const PACKAGES = ['noto-sans-sc', 'noto-sans-kr'] as const;
type Package = (typeof PACKAGES)[number];
const WEIGHTS = { regular: 400, bold: 700 } as const;

/** Hangul jamo, compatibility jamo, extended jamo and syllables: Korean first, the SC font lacks most. */
const HANGUL: [number, number][] = [
  [0x1100, 0x11ff],
  [0x3130, 0x318f],
  [0xa960, 0xa97f],
  [0xac00, 0xd7ff],
];

/** [first, last, slice] sorted by `first`: the numbered slices only (Latin and Cyrillic are not needed). */
type Ranges = [number, number, string][];
let ranges: Map<Package, Ranges> | null = null;

function parseRanges(unicode: Record<string, string>): Ranges {
  const list: Ranges = [];
  for (const [name, value] of Object.entries(unicode)) {
    const slice = /^\[(\d+)\]$/.exec(name)?.[1];
    if (!slice) continue;
    for (const part of value.split(',')) {
      const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-');
      list.push([Number.parseInt(first as string, 16), Number.parseInt(last as string, 16), slice]);
    }
  }
  return list.sort((a, b) => a[0] - b[0]);
}

function rangesOf(pkg: Package) {
  ranges ??= new Map(
    PACKAGES.map((name) => [
      name,
      parseRanges(JSON.parse(readFileSync(require.resolve(`@fontsource/${name}/unicode.json`), 'utf8'))),
    ]),
  );
  return ranges.get(pkg) as Ranges;
}

function sliceOf(list: Ranges, code: number) {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last, slice] = list[middle] as Ranges[number];
    if (code < first) high = middle - 1;
    else if (code > last) low = middle + 1;
    else return slice;
  }
  return null;
}

/** The module paths of the slices that may draw `code`, in the order to try them (none for other scripts). */
export function cjkSlicesFor(code: number, weight: 'regular' | 'bold') {
  const hangul = HANGUL.some(([first, last]) => code >= first && code <= last);
  const order: readonly Package[] = hangul ? ['noto-sans-kr', 'noto-sans-sc'] : PACKAGES;
  const files: string[] = [];
  for (const pkg of order) {
    const slice = sliceOf(rangesOf(pkg), code);
    if (slice) files.push(`@fontsource/${pkg}/files/${pkg}-${slice}-${WEIGHTS[weight]}-normal.woff`);
  }
  return files;
}

// The slices read lately, kept for the next PDFs of this thread: a few dozen of them weigh about 1 MB.
const KEPT = 48;
const kept = new Map<string, Buffer>();

/** The bytes of one slice, read from node_modules at run time. */
export function cjkSliceBytes(file: string) {
  let data = kept.get(file);
  if (data) kept.delete(file);
  else data = readFileSync(require.resolve(file));
  kept.set(file, data);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
  return data;
}
