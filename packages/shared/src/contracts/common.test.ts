import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index.js';
import { findForbiddenCharacter, idSchema, installFieldIssueMessages, textSchema, validationMessage } from './common.js';
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
    expect(findForbiddenCharacter({ a: [{ b: 'x\u0000' }] })).toEqual(['a', 0, 'b']);
    expect(findForbiddenCharacter({ 'k\u0000': 'v' })).toEqual([]);
    expect(findForbiddenCharacter({ a: 'clean', b: [1, 'two'] })).toBeNull();
  });

  it.each(['\uD800', '\uDFFF', 'A-101\uD83D', '\uDE00 fin'])(
    'refuses the lone UTF-16 surrogate of %j naming the field (PostgreSQL cannot store it)',
    (value) => {
      expect(messageOf(z.object({ reference: textSchema }), { reference: value })).toBe(
        'Le champ « Référence » contient un caractère interdit.',
      );
      expect(messageOf(z.object({ lot_ppe: textSchema }), { lot_ppe: value })).toBe('Le champ « Lot PPE » contient un caractère interdit.');
    },
  );

  it('keeps a character written with a surrogate pair (emoji, rare letters)', () => {
    expect(textSchema.parse('Maison 🏠 𝕏')).toBe('Maison 🏠 𝕏');
    expect(findForbiddenCharacter({ title: 'Villa 🏡', nested: ['𝄞'] })).toBeNull();
  });

  it('finds a lone surrogate anywhere in a received value, keys included', () => {
    expect(findForbiddenCharacter({ a: [{ feuillet_ppe: '12\uDFFF' }] })).toEqual(['a', 0, 'feuillet_ppe']);
    expect(findForbiddenCharacter({ 'k\uD800': 'v' })).toEqual([]);
    expect(findForbiddenCharacter(['\uD800\uDC00', 'ok'])).toBeNull();
  });
});

/** Dates the database cannot hold, or that no sale of the product has (docs/product/validation.md#dates). */
const HOSTILE_DATES = ['0000-01-01', '-000001-01-01', '1899-12-31', '2201-01-01', '+275760-09-13'];

describe('every date of the contracts falls between 1900 and 2200', () => {
  const task = { title: 'Rappeler', type: 0, broker_id: 1 };
  const cases: [string, z.ZodType, (date: string) => unknown, string][] = [
    ["a task's due date", contracts.taskFieldsSchema, (date) => ({ ...task, end_at: date }), 'Échéance'],
    ["a task's new due date", contracts.updateTaskSchema, (date) => ({ end_at: date }), 'Échéance'],
    ["an album's date", contracts.photoGroupInputSchema, (date) => ({ name: 'Gros œuvre', date }), 'Date'],
    [
      "a planning task's start",
      contracts.planningTaskInputSchema,
      (date) => ({ title: 'Permis', category: 1, dateFrom: date, dateTo: '2200-12-31', promotion_id: 1 }),
      'Date de début',
    ],
    [
      "a planning task's end",
      contracts.planningTaskInputSchema,
      (date) => ({ title: 'Permis', category: 1, dateFrom: '1900-01-01', dateTo: date, promotion_id: 1 }),
      'Date de fin',
    ],
    ["a campaign's start", contracts.campaignInputSchema, (date) => ({ title: 'Affichage', start_at: date }), 'Date de début'],
    ["a campaign's end", contracts.campaignInputSchema, (date) => ({ title: 'Affichage', end_at: date }), 'Date de fin'],
    ['the campaigns filter', contracts.campaignListQuerySchema, (date) => ({ start_after: date }), 'Début après le'],
    [
      "a promotion's start",
      contracts.promotionSettingsSchema,
      (date) => ({ title: 'Les Terrasses', url: 'www.exemple.ch', start_at: date }),
      'Date de début',
    ],
    [
      "a promotion's end",
      contracts.promotionSettingsSchema,
      (date) => ({ title: 'Les Terrasses', url: 'www.exemple.ch', end_at: date }),
      'Date de fin',
    ],
    ["a promise's date", contracts.scheduleAgreementSchema, (date) => ({ date }), 'Date'],
    ["an act of purchase's date", contracts.planActOfPurchaseSchema, (date) => ({ date, subject: 'Acte', body: 'Bonjour' }), 'Date'],
    ['a deposit date', contracts.validateReservationFormSchema, (date) => ({ knowDate: true, date, time: '10:00' }), 'Date'],
  ];

  it.each(cases.flatMap(([name, schema, input, label]) => HOSTILE_DATES.map((date) => [name, date, schema, input, label] as const)))(
    'refuses %s on %s with a French message naming the field',
    (_name, date, schema, input, label) => {
      expect(messageOf(schema, input(date))).toBe(`Le champ « ${label} » doit être une date entre 1900 et 2200.`);
    },
  );

  it.each(cases)('accepts %s on the first and the last day of the range', (_name, schema, input) => {
    for (const date of ['1900-01-01', '2200-12-31']) expect(schema.safeParse(input(date)).success, date).toBe(true);
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
  it('name every field a caller may send in French: every input of the API catalogue and of the commands', () => {
    // The answers are output, never parsed from what a user typed: their keys need no label.
    const keys = new Set<string>();
    for (const route of Object.values(contracts.API_ROUTES)) {
      for (const input of [route.params, route.query, route.body, route.form?.fields]) keysOf(input, new Set(), keys);
    }
    for (const command of Object.values(contracts.COMMAND_CATALOGUE)) keysOf(command.input, new Set(), keys);
    expect(keys.size).toBeGreaterThan(50);
    expect([...keys].filter((key) => !(key in FIELD_LABELS)).sort()).toEqual([]);
  });
});
