import { describe, expect, it } from 'vitest';
import { landingOf, visitorId } from './visits';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const DAY = 86_400_000;

describe('the visitor id', () => {
  it('is a random UUID kept in this site’s storage, renewed after 13 months', () => {
    const storage = memoryStorage();
    const first = visitorId(0, storage);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(visitorId(300 * DAY, storage)).toBe(first);
    const renewed = visitorId(400 * DAY, storage);
    expect(renewed).not.toBe(first);
    expect(visitorId(401 * DAY, storage)).toBe(renewed);
  });

  it('stays the same for the page when storage is blocked or holds garbage', () => {
    const blocked = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('blocked');
      },
    } as Storage;
    expect(visitorId(0, blocked)).toBe(visitorId(1, null));
    const garbage = memoryStorage();
    garbage.setItem('guichet.visitor', '{"id":5}');
    expect(visitorId(0, garbage)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('where a page view came from', () => {
  it('reads the tracking link, UTM values and the referrer', () => {
    const address = new URL(
      'https://tickets.example.org/e/org/event?l=ab12cd34&utm_source=%20insta%20&utm_medium=social&utm_campaign=',
    );
    expect(landingOf(address, 'https://l.instagram.com/')).toEqual({
      link: 'ab12cd34',
      utmSource: 'insta',
      utmMedium: 'social',
      referrer: 'https://l.instagram.com/',
    });
  });

  it('ignores what is not a link code and keeps values short', () => {
    const address = new URL(
      `https://tickets.example.org/e/org/event?l=<script>&utm_campaign=${'x'.repeat(300)}`,
    );
    expect(landingOf(address, '')).toEqual({ utmCampaign: 'x'.repeat(100) });
  });
});
