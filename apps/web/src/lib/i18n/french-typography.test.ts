import { describe, expect, it } from 'vitest';

// Every French catalogue, whichever start-up loads it (a new one is picked up without editing this test).
const catalogues = import.meta.glob<{ default: unknown }>(['./locales/fr*.ts', './locales/events/fr-*.ts'], {
  eager: true,
});

function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => strings(child, `${path}.${key}`));
}

const all = Object.entries(catalogues).flatMap(([file, module]) => strings(module.default, file));

describe('French typography', () => {
  it('reads every French catalogue', () => {
    expect(Object.keys(catalogues).length).toBeGreaterThanOrEqual(10);
    expect(all.length).toBeGreaterThan(500);
  });

  it('puts a non-breaking space before : ; ? and !, never a plain one or none', () => {
    const wrong = all.filter(([, text]) => {
      // Placeholders ({{count}}) and addresses (https://, ?next=) are not prose.
      const prose = text.replace(/\{\{[^}]*\}\}/g, 'x').replace(/\b[a-z]+:\/\/\S+/g, '');
      return (
        / [:;?!]/.test(prose) || /[\p{L}\p{N})»][;?!](?=\s|$)/u.test(prose) || /\p{L}:(?=\s|$)/u.test(prose)
      );
    });
    expect(wrong).toEqual([]);
  });
});
