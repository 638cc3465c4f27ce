import { describe, expect, it } from 'vitest';
import { formatEventDate, formatEventEnd } from './format';

describe('buyer formats', () => {
  it('shows the time as at the venue, with its zone, whatever the buyer’s zone', () => {
    const startsAt = '2026-07-14T18:30:00.000Z';
    expect(formatEventDate(startsAt, 'Europe/Paris', 'en-GB')).toContain('20:30');
    expect(formatEventDate(startsAt, 'Europe/Paris', 'en')).toMatch(/GMT\+2|CEST/);
    expect(formatEventDate(startsAt, 'America/New_York', 'en-GB')).toContain('14:30');
  });

  it('gives the end time alone on the same day, the full date otherwise', () => {
    const startsAt = '2026-07-14T18:30:00.000Z';
    expect(formatEventEnd(startsAt, '2026-07-14T21:00:00.000Z', 'Europe/Paris', 'en')).not.toContain('July');
    expect(formatEventEnd(startsAt, '2026-07-15T21:00:00.000Z', 'Europe/Paris', 'en')).toContain('July');
  });
});
