/**
 * Examples for the OpenAPI document (decision 034), made from each operation's own JSON schema with fixed,
 * realistic values, so they follow the schemas instead of drifting from 130 hand-written blobs: a schema's
 * own `examples` (zod `.meta({ examples })`), `const`, `default` or first `enum` value wins; else the value
 * comes from the format (uuid, date-time, e-mail...), then from the property's name (`currency`,
 * `...Minor`, `timeZone`...), within the schema's bounds and pattern.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  example?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  nullable?: boolean;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const EXAMPLE_UUID = '0193b6e4-5c2a-7d1e-8f3a-2b4c6d8e0f12';
const EXAMPLE_INSTANT = '2026-06-21T19:30:00.000Z';
/** For the end of a span (`endsAt`, `validUntil`...), which schemas may require after its start. */
const EXAMPLE_LATER_INSTANT = '2026-06-21T23:30:00.000Z';
const ENDS = /(end|until|to|expires|closes)s?(at|on|date)?$/i;

/** Values by the property's name (lower-cased), tried in order; the first that fits the schema wins. */
const BY_NAME: [RegExp, string][] = [
  [/currency$/, 'EUR'],
  [/timezone$/, 'Europe/Paris'],
  [/email$/, 'ada.lovelace@example.org'],
  [/(locale|language|lang)$/, 'fr'],
  [/country(code)?$/, 'FR'],
  [/phone$/, '+33 1 23 45 67 89'],
  [/(url|uri|link|href)$/, 'https://example.org/guichet'],
  [/(buyer|attendee|customer|person|staff|display|actor|holder|maker|author)name$/, 'Ada Lovelace'],
  [/^name$/, 'Summer Jazz Night'],
  [/name$/, 'Ada Lovelace'],
  [/venue/, 'Théâtre du Port'],
  [/address$/, '12 quai des Chartrons, 33000 Bordeaux'],
  [/city$/, 'Bordeaux'],
  [/(postcode|postalcode|zip)$/, '33000'],
  [/slug$/, 'summer-jazz-night'],
  [/membercode$/, '482913'],
  [/(^code|ordercode|shortcode)$/, 'K7Q2MX9A'],
  [/cursor$/, 'eyJpZCI6IjAxOTNiNmU0In0'],
  [/(secret|token)$/, 'gch_3q2-7XvYk8bE1mTn0rWfP4sLhC9aUd6GzJxQeKoVtIw'],
  [/(description|reason|note|notes|message|body|text|wording|subject|summary)$/, 'Doors open at 19:00.'],
  [/colou?r$/, '#1c7ed6'],
  [/(tag|channel|label|source)$/, 'vip'],
  [/(vat|tax)(number|id)$/, 'FR40303265045'],
  [/id$/, EXAMPLE_UUID],
];
const FALLBACK_STRINGS = ['example', 'EUR', 'FR', 'vip', '411000', '123456', 'Summer Jazz Night'];

const NUMBERS_BY_NAME: [RegExp, number][] = [
  [/latitude$/, 44.8412],
  [/longitude$/, -0.5806],
  [/minor$/, 2500],
  [/(bps|basispoints)$/, 550],
  [/(percent|rate)$/, 20],
  [/capacity$/, 300],
  [/quantity$/, 2],
  [/limit$/, 50],
  [/(count|total|sold|held|left|available)$/, 12],
  [/(days|day)$/, 30],
  [/(minutes|seconds|ms)$/, 60],
  [/(year)$/, 2026],
  [/(month)$/, 6],
];

function fitString(candidate: string, schema: JsonSchema): string | undefined {
  let value = candidate;
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    value = value.slice(0, schema.maxLength);
  if (schema.minLength !== undefined && value.length < schema.minLength)
    value = value.padEnd(schema.minLength, 'x');
  if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) return undefined;
  return value;
}

function stringExample(schema: JsonSchema, name: string): string {
  switch (schema.format) {
    case 'uuid':
      return EXAMPLE_UUID;
    case 'date-time':
      return ENDS.test(name) ? EXAMPLE_LATER_INSTANT : EXAMPLE_INSTANT;
    case 'date':
      return ENDS.test(name) ? '2026-06-30' : EXAMPLE_INSTANT.slice(0, 10);
    case 'time':
      return '19:30:00';
    case 'email':
      return 'ada.lovelace@example.org';
    case 'uri':
    case 'url':
      return 'https://example.org/guichet';
  }
  const key = name.toLowerCase();
  const named = BY_NAME.filter(([test]) => test.test(key)).map(([, value]) => value);
  for (const candidate of [...named, ...FALLBACK_STRINGS]) {
    const fitted = fitString(candidate, schema);
    if (fitted !== undefined) return fitted;
  }
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

function numberExample(schema: JsonSchema, name: string, integer: boolean): number {
  const key = name.toLowerCase();
  let value = NUMBERS_BY_NAME.find(([test]) => test.test(key))?.[1] ?? (integer ? 1 : 1.5);
  const low =
    typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -Infinity);
  const high =
    typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : (schema.maximum ?? Infinity);
  if (value < low) value = low;
  if (value > high) value = high;
  return integer ? Math.round(value) : value;
}

const onlyNull = (schema: JsonSchema) =>
  schema.type === 'null' || schema.enum?.every((value) => value === null) === true;

/** Whether a schema describes no body at all (a 204's `null`). */
export function isEmptyBody(schema: JsonSchema): boolean {
  return onlyNull(schema);
}

/** An example value for `schema`; `name` is the property it describes (the key gives the value its kind). */
export function exampleOf(schema: JsonSchema, name = '', depth = 0): unknown {
  if (schema.examples && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum.find((value) => value !== null) ?? null;
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices && choices.length > 0) {
    const chosen = choices.find((choice) => !onlyNull(choice)) ?? choices[0];
    return chosen ? exampleOf(chosen, name, depth + 1) : null;
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, name, depth + 1)));
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((candidate) => candidate !== 'null') ?? (schema.properties ? 'object' : types[0]);
  if (depth > 12) return null;
  switch (type) {
    case 'string':
      return stringExample(schema, name);
    case 'integer':
      return numberExample(schema, name, true);
    case 'number':
      return numberExample(schema, name, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((item) => exampleOf(item, name, depth + 1));
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const one = items ? exampleOf(items, name.replace(/s$/, ''), depth + 1) : 'example';
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => one);
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        out[key] = exampleOf(property, key, depth + 1);
      }
      if (!schema.properties && typeof schema.additionalProperties === 'object') {
        out.example = exampleOf(schema.additionalProperties, 'example', depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

/** The schema with an example, unless it has its own (a shallow copy: the route's schema is shared). */
export function withExample(schema: JsonSchema): JsonSchema {
  if ((schema.examples && schema.examples.length > 0) || schema.example !== undefined) return schema;
  return { ...schema, examples: [exampleOf(schema)] };
}
