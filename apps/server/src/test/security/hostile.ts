import fc from 'fast-check';
import type { ZodType } from 'zod';

/**
 * Hostile inputs for the HTTP fuzz (issue 8): the classes the probe used, plus what fast-check
 * makes of them. No value contains the words the leak check looks for, so an echo of the input
 * is never taken for a leak.
 */

/** Ids a path, a query, a body or a multipart field may carry. */
export const HOSTILE_IDS = [
  '2147483648',
  '2147483647',
  '-1',
  '0',
  '1e308',
  '1.5',
  'abc',
  '0x10',
  ' 1',
  '١٢',
  '99999999999999999999999',
  '9007199254740993',
  'NaN',
  'Infinity',
  '1\u0000',
  '%00',
  '',
] as const;

const NUL_TEXTS = ['\u0000', 'Jean\u0000Dupont', `${'a'.repeat(20)}\u0000`];

/** Halves of a UTF-16 surrogate pair, alone: JSON carries them, PostgreSQL cannot store them (issue 18, item 15). */
export const LONE_SURROGATES = ['\uD800', '\uDFFF'] as const;

/**
 * Dates outside 1900 to 2200 (issue 18, item 14): year 0 and a negative year, which the
 * database refuses, the days just outside the range, and the last day JavaScript holds.
 */
export const HOSTILE_DATES = ['0000-01-01', '-000001-01-01', '1899-12-31', '2201-01-01', '+275760-09-13'] as const;
const TRICKY_TEXTS = [
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  `\${7*7}{{7*7}}`,
  '\ud800',
  '\u202eevil',
  '𝕏̶̧̛̕ Zàlgô 🏠',
  '\r\nSet-Cookie: x=1',
  '   ',
  '%s%n%x',
];

/** A value of any JSON type, hostile where it can be. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(...HOSTILE_IDS),
    fc.constantFrom<unknown>(2147483648, -1, 0, 1e308, -1e308, 1.5, Number.MAX_SAFE_INTEGER + 2),
    fc.constantFrom<unknown>(...NUL_TEXTS, ...TRICKY_TEXTS, ...LONE_SURROGATES, `A-101${LONE_SURROGATES[0]}`),
    fc.constantFrom<unknown>(...HOSTILE_DATES, '2026-11-26T10:00:00.000+14:00', '2200-12-31T23:45:00.000-12:00'),
    fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], { id: 1 }, ['a', null]),
    fc.constantFrom<unknown>('x'.repeat(10_000), 'é'.repeat(70_000)),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxKeys: 3 }),
  );

/** A JSON text nested `depth` levels deep. */
const nested = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

/** Whole bodies that are not what any route expects: raw text and its content type. */
export const HOSTILE_BODIES: { name: string; body: string; type: string }[] = [
  { name: 'invalid JSON', body: '{"a":', type: 'application/json' },
  { name: 'empty JSON body', body: '', type: 'application/json' },
  { name: 'JSON array', body: '[1,2,3]', type: 'application/json' },
  { name: 'JSON string', body: '"texte"', type: 'application/json' },
  { name: 'JSON number', body: '2147483648', type: 'application/json' },
  { name: 'JSON null', body: 'null', type: 'application/json' },
  { name: 'deep arrays', body: nested(5_000, '[', ']'), type: 'application/json' },
  { name: 'deep objects', body: nested(5_000, '{"a":', '}'), type: 'application/json' },
  {
    name: 'prototype pollution',
    body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
    type: 'application/json',
  },
  { name: 'NUL in JSON', body: '{"a":"\\u0000"}', type: 'application/json' },
  { name: 'raw NUL byte', body: '{"a":"\u0000"}', type: 'application/json' },
  { name: 'huge body', body: `{"a":"${'x'.repeat(1_100_000)}"}`, type: 'application/json' },
  { name: 'text body', body: 'bonjour', type: 'text/plain' },
  { name: 'form body', body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { name: 'broken multipart', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', type: 'multipart/form-data; boundary=x' },
  { name: 'multipart without boundary', body: 'abc', type: 'multipart/form-data' },
  { name: 'xml', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>', type: 'application/xml' },
];

type Def = {
  type: string;
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  in?: ZodType;
  options?: ZodType[];
  left?: ZodType;
  right?: ZodType;
};
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } })?._zod?.def;

/**
 * The field paths a zod contract names (objects, through optional, nullable, default, pipe,
 * union and intersection), nested objects included: what the fuzz mutates.
 */
export const fieldsOf = (schema: unknown, prefix: string[] = [], depth = 0): string[][] => {
  const def = defOf(schema);
  if (!def || depth > 4) return [];
  switch (def.type) {
    case 'object': {
      const paths: string[][] = [];
      for (const [key, child] of Object.entries(def.shape ?? {})) {
        paths.push([...prefix, key]);
        paths.push(...fieldsOf(child, [...prefix, key], depth + 1));
      }
      return paths;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fieldsOf(def.innerType, prefix, depth);
    case 'pipe':
      return fieldsOf(def.in, prefix, depth);
    case 'union':
      return (def.options ?? []).flatMap((option) => fieldsOf(option, prefix, depth));
    case 'intersection':
      return [...fieldsOf(def.left, prefix, depth), ...fieldsOf(def.right, prefix, depth)];
    default:
      return [];
  }
};

/** The field paths of a plain value (the valid body a route is called with). */
export const pathsOf = (value: unknown, prefix: string[] = [], depth = 0): string[][] => {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || depth > 4) return [];
  return Object.entries(value).flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key], depth + 1)]);
};

/** A copy of `value` with `path` set (or removed when `next` is undefined). */
export const withPath = (value: unknown, path: string[], next: unknown): unknown => {
  const root: Record<string, unknown> =
    value !== null && typeof value === 'object' && !Array.isArray(value) ? structuredClone(value as Record<string, unknown>) : {};
  let node = root;
  for (const key of path.slice(0, -1)) {
    const child = node[key];
    if (child === null || typeof child !== 'object' || Array.isArray(child)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  if (next === undefined) delete node[last];
  else node[last] = next;
  return root;
};

/** What an answer must never show: a stack, SQL, a path of the machine, an internal name. */
export const LEAKS: [string, RegExp][] = [
  ['stack trace', /\bat [^\n]*\([^\n]*:\d+(:\d+)?\)|\bat [^\s]+\.[cm]?[jt]s:\d+/],
  ['SQL', /\b(select\s[\s\S]*\sfrom|insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i],
  [
    'SQL error',
    /\b(syntax error at or near|violates (foreign key|unique|not-null|check) constraint|relation "|column "|invalid input syntax|out of range for type|22P02|23505|23503)\b/i,
  ],
  ['file path', /\/work\/|\/home\/|\/tmp\/|node_modules|[A-Z]:\\\\/],
  [
    'internal name',
    /\b(drizzle|pglite|postgres|pg-boss|pgboss|fastify|ZodError|zod|TypeError|ReferenceError|RangeError|SyntaxError|Cannot read propert\w*|is not a function)\b/i,
  ],
];

/** Errors answer a French sentence in { message }, not a validator's words (English or zod's French locale). */
export const VALIDATOR_WORDING =
  /\b(Invalid input|Required|Expected|Unexpected|Bad Request|Internal Server Error|Not Found|Unauthorized|Forbidden|undefined|NaN|\[object Object\])\b|Entrée invalide :|attendue?, .* reçue?|(Trop grand|Trop petit|Option invalide|Format invalide|Nombre invalide|Chaîne invalide) ?:|non reconnue?s? ?:/;
