import { describe, expect, it } from 'vitest';
import {
  currencyDigits,
  formatMoney,
  MAX_AMOUNT_MINOR,
  MAX_PRICE_MINOR,
  minorToDecimal,
  parseMoney,
} from './money';
import { MAX_TICKETS_PER_ORDER } from './orders';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('currencyDigits', () => {
  it.each([
    ['EUR', 2],
    ['USD', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['BHD', 3],
    ['TND', 3],
  ])('%s has %i decimals', (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits);
  });
});

describe('parseMoney', () => {
  it.each([
    ['0', 'EUR', 0],
    ['12', 'EUR', 1200],
    ['12.5', 'EUR', 1250],
    ['12,50', 'EUR', 1250],
    ['19.99', 'EUR', 1999],
    ['0.29', 'EUR', 29],
    ['4.35', 'EUR', 435],
    ['1 234,56', 'EUR', 123456],
    ['1\u202f234,56', 'EUR', 123456],
    ["1'234.56", 'CHF', 123456],
    ['12.', 'EUR', 1200],
    ['007.10', 'EUR', 710],
    ['12.500', 'EUR', 1250],
    ['1500', 'JPY', 1500],
    ['1500.0', 'JPY', 1500],
    ['1.234', 'BHD', 1234],
    ['  9.90 ', 'USD', 990],
    ['100000000', 'EUR', MAX_PRICE_MINOR],
  ])('reads %j in %s as %i minor units', (input, currency, minor) => {
    expect(parseMoney(input, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    ['', 'EUR', 'empty'],
    ['   ', 'EUR', 'empty'],
    ['abc', 'EUR', 'invalid'],
    ['-5', 'EUR', 'invalid'],
    ['1e3', 'EUR', 'invalid'],
    ['1.2.3', 'EUR', 'invalid'],
    ['1,234.56', 'EUR', 'invalid'],
    ['.5', 'EUR', 'invalid'],
    ['12.345', 'EUR', 'too-precise'],
    ['1500.5', 'JPY', 'too-precise'],
    ['1.2345', 'BHD', 'too-precise'],
    ['100000000.01', 'EUR', 'too-large'],
    ['99999999999999999999', 'EUR', 'too-large'],
  ])('refuses %j in %s as %s', (input, currency, reason) => {
    expect(parseMoney(input, currency)).toEqual({ ok: false, reason });
  });
});

describe('minorToDecimal', () => {
  it.each([
    [0, 'EUR', '0.00'],
    [5, 'EUR', '0.05'],
    [1250, 'EUR', '12.50'],
    [1999, 'USD', '19.99'],
    [1500, 'JPY', '1500'],
    [1234, 'BHD', '1.234'],
  ])('writes %i %s as %s', (minor, currency, text) => {
    expect(minorToDecimal(minor, currency)).toBe(text);
  });

  it('round-trips through parseMoney', () => {
    for (const minor of [0, 1, 9, 10, 99, 100, 101, 1999, 123456, MAX_PRICE_MINOR]) {
      expect(parseMoney(minorToDecimal(minor, 'EUR'), 'EUR')).toEqual({ ok: true, minor });
    }
  });
});

describe('formatMoney', () => {
  it('formats in the currency and language', () => {
    expect(nbsp(formatMoney(1250, 'EUR', 'fr'))).toBe('12,50 €');
    expect(formatMoney(1250, 'EUR', 'en')).toBe('€12.50');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatMoney(0, 'USD', 'en')).toBe('$0.00');
  });

  it('stays exact for amounts a float would round', () => {
    expect(formatMoney(MAX_PRICE_MINOR - 1, 'EUR', 'en')).toBe('€99,999,999.99');
  });
});

describe('MAX_AMOUNT_MINOR', () => {
  it('is an order of the most tickets at the largest price, and a safe integer', () => {
    expect(MAX_AMOUNT_MINOR).toBe(MAX_PRICE_MINOR * MAX_TICKETS_PER_ORDER);
    expect(Number.isSafeInteger(MAX_AMOUNT_MINOR)).toBe(true);
  });
});

describe('formatMoney', () => {
  it('prints minor units with the currency’s own decimals', () => {
    expect(formatMoney(2500, 'EUR', 'en')).toBe('€25.00');
    expect(formatMoney(2500, 'EUR', 'fr').replace(/\s/g, ' ')).toBe('25,00 €');
    expect(formatMoney(2500, 'JPY', 'en')).toBe('¥2,500');
    expect(formatMoney(0, 'EUR', 'en')).toBe('€0.00');
  });
});
