import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { USER_TYPES } from '@promovente/shared';
import { describe, expect, it } from 'vitest';

/**
 * One permission source (issue 9): every route and command of the modules takes its roles from
 * the shared permission table (`rolesWith(permission)`, or the funnel's `applicationActionRoles`),
 * never from a list written in the module. This reads the module sources (tests excepted: they
 * name roles as expectations) and refuses:
 * - `access: [` and `roles: [`: a route's or a command's roles written as an array;
 * - an array whose elements are all role names, such as `['broker']` or
 *   `['broker', 'notary'] as const`, wherever it stands (a module's own role list). An indexed
 *   type (`Form['candidate']`) and a list that merely contains a role name among other strings
 *   (the serializers' field lists hold 'broker' and 'candidate') are not role lists.
 */
const MODULES = fileURLToPath(new URL('../../modules', import.meta.url));

const roleName = `['"](?:${USER_TYPES.join('|')})['"]`;
const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'access written as a list', pattern: /\baccess\s*:\s*\[/g },
  { name: 'roles written as a list', pattern: /\broles\s*:\s*\[/g },
  // Not after a name, a call or an index: `X['candidate']` is a type, not a list.
  { name: 'list of role names', pattern: new RegExp(`(?<![\\w)\\]>])\\[\\s*(?:${roleName}\\s*,\\s*)*${roleName}\\s*,?\\s*\\]`, 'g') },
];

const literalRoleLists = (source: string): { line: number; rule: string; text: string }[] =>
  RULES.flatMap(({ name, pattern }) =>
    [...source.matchAll(pattern)].map((match) => ({
      line: source.slice(0, match.index).split('\n').length,
      rule: name,
      text: match[0].replace(/\s+/g, ' '),
    })),
  );

const moduleSources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return moduleSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

describe('role lists under apps/server/src/modules', () => {
  it('finds the shapes a hand-written role list takes', () => {
    const offences = (source: string) => literalRoleLists(source).map(({ rule }) => rule);
    expect(offences("app.get('/logs', { config: { access: ['broker'] } }, handler)")).toEqual([
      'access written as a list',
      'list of role names',
    ]);
    expect(offences("defineCommand({ name: 'x', roles: ['broker', 'candidate'], run })")).toEqual([
      'roles written as a list',
      'list of role names',
    ]);
    expect(offences('{ access: [...STAFF] }')).toEqual(['access written as a list']);
    expect(offences("const STAFF = [\n  'broker',\n  'notary',\n] as const;")).toEqual(['list of role names']);
    expect(offences('if ([\'pilot\', "investor"].includes(actor.type)) throw forbidden();')).toEqual(['list of role names']);
  });

  it('lets the permission table, indexed types and field lists through', () => {
    expect(literalRoleLists("{ config: { access: rolesWith('logs.read') } }")).toEqual([]);
    expect(literalRoleLists("{ config: { access: 'authenticated' } }")).toEqual([]);
    expect(literalRoleLists('defineCommand({ roles: applicationActionRoles(action) })')).toEqual([]);
    expect(literalRoleLists("type Form = z.output<typeof schema>['candidacy']['candidate'];")).toEqual([]);
    expect(literalRoleLists("const BASE = ['id', 'broker', 'candidate'] as const;")).toEqual([]);
    expect(literalRoleLists("const roles = (await db.select())['broker'];")).toEqual([]);
  });

  it('holds none: routes and commands take their roles from the shared permission table', () => {
    const files = moduleSources(MODULES);
    expect(files.length).toBeGreaterThan(50);
    const offences = files.flatMap((file) =>
      literalRoleLists(readFileSync(file, 'utf8')).map(({ line, rule, text }) => `${relative(MODULES, file)}:${line} ${rule}: ${text}`),
    );
    expect(offences).toEqual([]);
  });
});
