import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz } from './timestamps';

const reference = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (text: string) => unknown;
const same = (text: string) => {
  const ours = parseTimestamptz(text);
  const theirs = reference(text);
  expect(ours instanceof Date ? ours.getTime() : ours, text).toEqual(
    theirs instanceof Date ? theirs.getTime() : theirs,
  );
};

describe('parseTimestamptz', () => {
  it("answers what pg's parser answers for every shape PostgreSQL writes", () => {
    for (const text of [
      '2026-11-26 19:10:13+00',
      '2026-11-26 19:10:13.1+00',
      '2026-11-26 19:10:13.123456+00',
      '2026-11-26 19:10:13.999999-03:30',
      '2024-02-29 23:59:59.5+05:30',
      '1889-03-15 12:00:00+00:09:21',
      '1850-01-01 00:00:00-00:17:30',
      '0050-01-01 00:00:00+00',
      '0044-03-15 12:00:00+00 BC',
      '12026-01-01 00:00:00+00',
      'infinity',
      '-infinity',
    ])
      same(text);
  });

  it('agrees on random instants, fractions of every length and offsets of every form', () => {
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const two = (n: number) => String(n).padStart(2, '0');
    for (let i = 0; i < 20_000; i += 1) {
      const fraction =
        next(7) === 0
          ? ''
          : `.${String(next(1_000_000))
              .padStart(6, '0')
              .slice(0, 1 + next(6))}`;
      const offset = [
        `${two(next(15))}`,
        `${two(next(15))}:${two(next(60))}`,
        `${two(next(2))}:${two(next(60))}:${two(next(60))}`,
      ][next(3)];
      const text = `${1000 + next(9000)}-${two(1 + next(12))}-${two(1 + next(28))} ${two(next(24))}:${two(next(60))}:${two(next(60))}${fraction}${next(2) ? '+' : '-'}${offset}`;
      same(text);
    }
  });

  it('reads every millisecond of a second as pg does, whatever digits follow', () => {
    for (let micro = 0; micro < 1_000_000; micro += 7)
      same(`2026-06-01 10:00:00.${String(micro).padStart(6, '0')}+02`);
  });
});
