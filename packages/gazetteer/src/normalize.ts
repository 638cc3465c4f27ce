/** Letters that Unicode decomposition leaves whole, spelled as a keyboard without them would type them. */
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  þ: 'th',
};

/** How one non-ASCII character is spelled once folded: its letters and digits, or a space. */
function foldCharacter(character: string): string {
  const folded = character
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/./gsu, (letter) => FOLDS[letter] ?? letter);
  // A mark alone (decomposed input) folds to nothing; anything else not a letter or digit is a separator.
  if (folded === '') return '';
  return folded.replace(/[^\p{L}\p{N}]+/gu, ' ');
}

const folds = new Map<string, string>();

/**
 * The form names are compared in: lower case, accents and other marks removed, a few letters spelled in
 * ASCII, and every run of punctuation or spaces turned into one space ("Saint-Étienne" → "saint etienne").
 * Character by character with a cache, as the gazetteer folds every name of its data set at load.
 */
export function normalizeName(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, control characters included
  if (/^[\x00-\x7f]*$/.test(value))
    return value
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  let out = '';
  let pendingSpace = false;
  for (const character of value) {
    const code = character.charCodeAt(0);
    let folded: string;
    if (code < 128) {
      if ((code >= 48 && code <= 57) || (code >= 97 && code <= 122)) folded = character;
      else if (code >= 65 && code <= 90) folded = String.fromCharCode(code + 32);
      else folded = ' ';
    } else {
      let cached = folds.get(character);
      if (cached === undefined) {
        cached = foldCharacter(character);
        folds.set(character, cached);
      }
      folded = cached;
    }
    for (const part of folded) {
      if (part === ' ') pendingSpace = out.length > 0;
      else {
        if (pendingSpace) out += ' ';
        pendingSpace = false;
        out += part;
      }
    }
  }
  return out;
}
