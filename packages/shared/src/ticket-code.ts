/**
 * The short code of a ticket: what a person reads off a PDF or a phone and types at the door when the QR
 * code will not scan. Ten random symbols (50 bits) of Crockford's base 32, which has no I, L, O or U, then
 * one check symbol (Luhn mod 32), so a mistyped or swapped symbol is caught before any lookup. Unique per
 * organisation (a unique index); the database makes codes with the same alphabet and check
 * (`guichet_ticket_code()`, for rows written without one and for the tickets that existed before).
 *
 * Typed codes are read forgivingly: lower case, spaces and dashes, and the letters people confuse with
 * digits (O → 0, I and L → 1) are accepted.
 */

export const TICKET_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random symbols in a code; the check symbol comes after them. */
export const TICKET_CODE_RANDOM_SYMBOLS = 10;
export const TICKET_CODE_LENGTH = TICKET_CODE_RANDOM_SYMBOLS + 1;

const BASE = TICKET_CODE_ALPHABET.length;

/** Luhn mod N over the alphabet: the symbol that makes the whole code check. */
export function ticketCodeCheckSymbol(body: string): string {
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i -= 1) {
    const value = TICKET_CODE_ALPHABET.indexOf(body[i] as string);
    if (value < 0) throw new Error(`not a ticket code symbol: ${body[i]}`);
    const addend = factor * value;
    sum += Math.floor(addend / BASE) + (addend % BASE);
    factor = factor === 2 ? 1 : 2;
  }
  return TICKET_CODE_ALPHABET[(BASE - (sum % BASE)) % BASE] as string;
}

/** A new random code (Web Crypto's generator, present in browsers and Node). */
export function newTicketCode(): string {
  const bytes = new Uint8Array(TICKET_CODE_RANDOM_SYMBOLS);
  crypto.getRandomValues(bytes);
  // 256 is a multiple of 32: taking each byte modulo 32 keeps the symbols uniform.
  const body = Array.from(bytes, (byte) => TICKET_CODE_ALPHABET[byte % BASE]).join('');
  return body + ticketCodeCheckSymbol(body);
}

/**
 * The canonical code a person typed, or null when the text is not one (wrong length, a symbol outside
 * the alphabet, or a check symbol that does not match).
 */
export function parseTicketCode(typed: string): string | null {
  if (typed.length > 40) return null;
  const cleaned = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (cleaned.length !== TICKET_CODE_LENGTH) return null;
  for (const symbol of cleaned) if (!TICKET_CODE_ALPHABET.includes(symbol)) return null;
  const body = cleaned.slice(0, TICKET_CODE_RANDOM_SYMBOLS);
  return ticketCodeCheckSymbol(body) === cleaned.slice(TICKET_CODE_RANDOM_SYMBOLS) ? cleaned : null;
}

/** Whether typed text is meant as a short code rather than a QR secret (which is over 100 characters). */
export function looksLikeTicketCode(typed: string): boolean {
  return typed.trim().length <= 40;
}

/** Grouped for reading aloud and typing: `ABCD-EFGH-JKM`. */
export function formatTicketCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}
