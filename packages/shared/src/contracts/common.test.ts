import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index.js';
import { findNul, idSchema, installFieldIssueMessages, textSchema, validationMessage } from './common.js';
import { FIELD_LABELS } from './field-labels.js';

beforeAll(() => {
  installFieldIssueMessages();
});

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  return validationMessage(result.error);
};

describe('the one id schema', () => {
  it('accepts a positive integer up to 2,147,483,647, as a number or as digits', () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse('42')).toBe(42);
    expect(idSchema.parse(2_147_483_647)).toBe(2_147_483_647);
    expect(idSchema.parse('2147483647')).toBe(2_147_483_647);
  });

  it.each([
    2_147_483_648,
    '2147483648',
    '99999999999999999999',
    -1,
    '-1',
    0,
    1.5,
    '1.5',
    'abc',
    '',
    '1e3',
    ' 7',
    '0x10',
    true,
    null,
    [],
    {},
  ])('refuses %j naming the field', (value) => {
    expect(messageOf(z.object({ lot_id: idSchema }), { lot_id: value })).toBe('Identifiant invalide : lot');
    expect(messageOf(z.object({ candidacy_id: idSchema }), { candidacy_id: value })).toBe('Identifiant invalide : candidature');
  });

  it("says 'Identifiant invalide' for the path id", () => {
    expect(messageOf(contracts.idParamSchema, { id: '2147483648' })).toBe('Identifiant invalide');
  });
});

describe('the one text schema', () => {
  it('accepts accents, apostrophes and line breaks', () => {
    expect(textSchema.parse("L'été à Genève\nsuite")).toBe("L'été à Genève\nsuite");
  });

  it('refuses a NUL character naming the field', () => {
    expect(messageOf(z.object({ last_name: textSchema }), { last_name: 'Du\u0000pont' })).toBe(
      'Le champ « Nom » contient un caractère interdit.',
    );
    expect(messageOf(contracts.createThreadSchema, { title: 'a\u0000', content: 'b', promotion: '1' })).toBe(
      'Le champ « Titre » contient un caractère interdit.',
    );
    expect(messageOf(contracts.listFiltersSchema, { search: '\u0000' })).toBe('Le champ « Recherche » contient un caractère interdit.');
  });

  it('finds a NUL anywhere in a received value, keys included', () => {
    expect(findNul({ a: [{ b: 'x\u0000' }] })).toEqual(['a', 0, 'b']);
    expect(findNul({ 'k\u0000': 'v' })).toEqual([]);
    expect(findNul({ a: 'clean', b: [1, 'two'] })).toBeNull();
  });
});

describe('the wording of refused fields', () => {
  it("is French and names the field, never zod's own words", () => {
    const schema = z.object({ first_name: z.string().max(3), page: z.number(), email: z.string() });
    expect(messageOf(schema, { first_name: 'Jean', page: 1, email: 'a' })).toBe('Le champ « Prénom » est trop long ou trop grand.');
    expect(messageOf(schema, { first_name: 'J', page: 'x', email: 'a' })).toBe('Le champ « Page » est invalide.');
    expect(messageOf(schema, { first_name: 'J', page: 1 })).toBe('Le champ « E-mail » est requis.');
  });

  it('never names a field by its English key', () => {
    expect(messageOf(z.object({ secret_column: z.string() }), {})).toBe('Un champ requis est absent.');
  });

  it('keeps the message a schema words itself', () => {
    expect(messageOf(contracts.createThreadSchema, { title: ' ', content: 'b', promotion: '1' })).toBe('Titre requis');
  });
});

/** Every key of every object schema reachable from the exported contracts. */
const keysOf = (schema: unknown, seen = new Set<unknown>(), keys = new Set<string>()) => {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return keys;
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return keys;
  if (def.type === 'object') {
    for (const [key, inner] of Object.entries(def.shape as Record<string, unknown>)) {
      keys.add(key);
      keysOf(inner, seen, keys);
    }
  }
  for (const name of ['in', 'out', 'innerType', 'element', 'schema', 'left', 'right', 'catchall', 'valueType'])
    keysOf(def[name], seen, keys);
  for (const option of (def.options as unknown[] | undefined) ?? []) keysOf(option, seen, keys);
  return keys;
};

describe('the field labels', () => {
  it('name every field of every contract in French', () => {
    const keys = new Set<string>();
    for (const value of Object.values(contracts)) keysOf(value, new Set(), keys);
    expect(keys.size).toBeGreaterThan(50);
    expect([...keys].filter((key) => !(key in FIELD_LABELS)).sort()).toEqual([]);
  });
});
