import { describe, expect, it } from 'vitest';
import {
  formatTicketCode,
  newTicketCode,
  parseTicketCode,
  TICKET_CODE_ALPHABET,
  TICKET_CODE_LENGTH,
} from './ticket-code';

describe('ticket codes', () => {
  it('makes codes of 11 symbols of the alphabet that check', () => {
    for (let i = 0; i < 500; i += 1) {
      const code = newTicketCode();
      expect(code).toHaveLength(TICKET_CODE_LENGTH);
      for (const symbol of code) expect(TICKET_CODE_ALPHABET).toContain(symbol);
      expect(parseTicketCode(code)).toBe(code);
    }
  });

  it('reads codes as people type them', () => {
    const code = newTicketCode();
    expect(parseTicketCode(formatTicketCode(code).toLowerCase())).toBe(code);
    expect(parseTicketCode(` ${code.slice(0, 5)} ${code.slice(5)} `)).toBe(code);
    const withZero = `0${code.slice(1)}`;
    const canonical = parseTicketCode(withZero);
    if (canonical) expect(parseTicketCode(`O${code.slice(1)}`)).toBe(canonical);
  });

  it('catches every single mistyped symbol and every swap of two different neighbours', () => {
    for (let n = 0; n < 50; n += 1) {
      const code = newTicketCode();
      for (let i = 0; i < code.length; i += 1) {
        for (const symbol of TICKET_CODE_ALPHABET) {
          if (symbol === code[i]) continue;
          expect(parseTicketCode(code.slice(0, i) + symbol + code.slice(i + 1))).toBeNull();
        }
        const next = code[i + 1];
        if (next !== undefined && next !== code[i]) {
          const swapped = code.slice(0, i) + next + code[i] + code.slice(i + 2);
          // Luhn mod N misses only the swap of its two self-complementary symbols.
          const selfPair = new Set([code[i], next]);
          if (!(selfPair.has('0') && selfPair.has('Z'))) expect(parseTicketCode(swapped)).toBeNull();
        }
      }
    }
  });

  it('refuses text that is not a code', () => {
    for (const text of ['', 'ABC', 'U'.repeat(11), '!'.repeat(11), 'x'.repeat(200)]) {
      expect(parseTicketCode(text)).toBeNull();
    }
  });
});
