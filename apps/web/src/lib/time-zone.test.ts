import { describe, expect, it } from 'vitest';
import { shiftWallTime, utcToWallTime, wallTimeToUtc } from './time-zone';

describe('wallTimeToUtc', () => {
  it.each([
    ['2026-07-14T20:00', 'Europe/Paris', '2026-07-14T18:00:00.000Z'],
    ['2026-01-14T20:00', 'Europe/Paris', '2026-01-14T19:00:00.000Z'],
    ['2026-07-14T20:00', 'America/New_York', '2026-07-15T00:00:00.000Z'],
    ['2026-07-14T20:00', 'UTC', '2026-07-14T20:00:00.000Z'],
    ['2026-07-14T20:00', 'Asia/Kolkata', '2026-07-14T14:30:00.000Z'],
    ['2026-07-14T20:00', 'Pacific/Chatham', '2026-07-14T07:15:00.000Z'],
    ['2026-12-31T23:30', 'Pacific/Auckland', '2026-12-31T10:30:00.000Z'],
  ])('reads %s in %s as %s', (wall, zone, utc) => {
    expect(wallTimeToUtc(wall, zone)).toBe(utc);
  });

  it('moves a time skipped by the spring-forward change on by the gap', () => {
    // Paris, 29 March 2026: 02:00 CET jumps to 03:00 CEST, so 02:30 does not exist.
    expect(wallTimeToUtc('2026-03-29T02:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
    expect(utcToWallTime('2026-03-29T01:30:00.000Z', 'Europe/Paris')).toBe('2026-03-29T03:30');
    // New York, 8 March 2026: 02:00 EST jumps to 03:00 EDT.
    expect(wallTimeToUtc('2026-03-08T02:15', 'America/New_York')).toBe('2026-03-08T07:15:00.000Z');
  });

  it('takes the first of two readings when the clock goes back', () => {
    // Paris, 25 October 2026: 03:00 CEST goes back to 02:00 CET, so 02:30 happens twice.
    expect(wallTimeToUtc('2026-10-25T02:30', 'Europe/Paris')).toBe('2026-10-25T00:30:00.000Z');
    expect(utcToWallTime('2026-10-25T00:30:00.000Z', 'Europe/Paris')).toBe('2026-10-25T02:30');
    expect(utcToWallTime('2026-10-25T01:30:00.000Z', 'Europe/Paris')).toBe('2026-10-25T02:30');
  });

  it('is exact on either side of a change', () => {
    expect(wallTimeToUtc('2026-03-29T01:59', 'Europe/Paris')).toBe('2026-03-29T00:59:00.000Z');
    expect(wallTimeToUtc('2026-03-29T03:00', 'Europe/Paris')).toBe('2026-03-29T01:00:00.000Z');
    expect(wallTimeToUtc('2026-10-25T01:59', 'Europe/Paris')).toBe('2026-10-24T23:59:00.000Z');
    expect(wallTimeToUtc('2026-10-25T03:00', 'Europe/Paris')).toBe('2026-10-25T02:00:00.000Z');
  });

  it('handles a southern-hemisphere change (Sydney goes forward in October)', () => {
    expect(wallTimeToUtc('2026-10-04T02:30', 'Australia/Sydney')).toBe('2026-10-03T16:30:00.000Z');
    expect(wallTimeToUtc('2026-10-04T12:00', 'Australia/Sydney')).toBe('2026-10-04T01:00:00.000Z');
  });

  it.each(['', '2026-07-14', '2026-07-14 20:00x', '2026-02-30T10:00', '2026-13-01T10:00', 'tomorrow'])(
    'refuses %j',
    (text) => {
      expect(wallTimeToUtc(text, 'Europe/Paris')).toBeNull();
    },
  );
});

describe('utcToWallTime', () => {
  it('shows an instant on the wall clock of the zone, not of the browser', () => {
    expect(utcToWallTime('2026-07-14T18:00:00.000Z', 'Europe/Paris')).toBe('2026-07-14T20:00');
    expect(utcToWallTime('2026-07-14T18:00:00.000Z', 'America/Los_Angeles')).toBe('2026-07-14T11:00');
    expect(utcToWallTime('2026-07-14T18:00:00.000Z', 'Asia/Tokyo')).toBe('2026-07-15T03:00');
  });

  it('round-trips every quarter hour across a change of offset', () => {
    const start = Date.parse('2026-10-24T20:00:00Z');
    for (let step = 0; step < 40; step += 1) {
      const instant = new Date(start + step * 15 * 60_000).toISOString();
      const wall = utcToWallTime(instant, 'Europe/Paris');
      const back = wallTimeToUtc(wall, 'Europe/Paris')!;
      // The repeated hour reads back as its first occurrence; everything else is exact.
      expect(utcToWallTime(back, 'Europe/Paris')).toBe(wall);
      if (!wall.startsWith('2026-10-25T02')) expect(back).toBe(instant);
    }
  });
});

describe('shiftWallTime', () => {
  it('moves along the wall clock, across midnight and month ends', () => {
    expect(shiftWallTime('2026-07-14T20:00', 180)).toBe('2026-07-14T23:00');
    expect(shiftWallTime('2026-07-31T22:30', 180)).toBe('2026-08-01T01:30');
    expect(shiftWallTime('not a time', 60)).toBe('not a time');
  });
});
