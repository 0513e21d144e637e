import { readFile } from 'node:fs/promises';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands.js';
import { createTestContext, type TestContext } from '../harness.js';
import { COMMAND_CASES, ROUTE_CASES } from './cross-promotion.cases.js';
import { MISSING } from './cross-promotion.world.js';
import { COMMAND_TABLE, ROUTE_TABLE } from './expected-access.js';
import { PRINCIPALS } from './world.js';

/**
 * The figures docs/security.md gives of the code (issue 18, item 21): how many API routes the
 * application registers, how many commands it has, and how many routes, principals and cases
 * each security suite covers. They are read here from the registered routes (an onRoute
 * collector, as the route x principal matrix does), the command catalogue and the suites' own
 * tables, so that a route or a command added or removed without the doc fails, with the figure
 * to write. The figures of a run (calls answered, findings, time) are the suites' own output.
 */

const DOC = new URL('../../../../../docs/security.md', import.meta.url);
const COMMAND_ROUTES = ['POST /api/app/executeCommand', 'POST /api/commands/:name'];

let ctx: TestContext;
const registered: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      // Fastify answers HEAD for every GET by itself: the route is the GET.
      for (const method of methods) if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
    },
  });
});
afterAll(async () => {
  await ctx?.close();
});

/** '1,807' and '6 500' read as numbers. */
const numberOf = (text: string) => Number(text.replace(/[,\s\u202f]/g, ''));
const written = (value: number) => value.toLocaleString('en-US');

/** One sentence of the doc and the figures it must give, in the order they appear in it. */
type Claim = { where: string; pattern: RegExp; figures: number[] };

const claimsOf = (): Claim[] => {
  const routes = registered.length;
  const commands = COMMANDS.size;
  const principals = PRINCIPALS.length;
  const matrixRoutes = ROUTE_TABLE.filter(([, cells]) => cells !== 'cmd').length;
  const mutating = ROUTE_TABLE.filter(([key]) => !COMMAND_ROUTES.includes(key) && /^(POST|PUT|PATCH|DELETE) /.test(key)).length;
  const reading = ROUTE_TABLE.filter(([key]) => key.startsWith('GET ')).length;
  const controls = ROUTE_CASES.filter((c) => c.call(MISSING, MISSING, 'broker').method === 'GET').length;
  return [
    {
      where: '1. Entry points',
      pattern: /`\/api` routes \(([\d,]+) registered, every one declaring `config\.access`[^)]*\) and the\s+([\d,]+) commands/,
      figures: [routes, commands],
    },
    {
      where: '2.1 Route x principal matrix',
      pattern:
        /\*\*Figures\*\*: ([\d,]+) routes \(their HEAD follows the GET\) plus ([\d,]+) commands, each command through\s+both command routes: ([\d,]+) x ([\d,]+) \+ ([\d,]+) x ([\d,]+) x 2 = ([\d,]+) calls per run/,
      figures: [
        matrixRoutes,
        commands,
        matrixRoutes,
        principals,
        commands,
        principals,
        matrixRoutes * principals + commands * principals * 2,
      ],
    },
    {
      where: '2.1 Route x principal matrix',
      pattern: /answers each of ([\d,]+) principals as\s+the table says/,
      figures: [principals],
    },
    {
      where: '2.2 Cross-promotion suite',
      pattern:
        /([\d,]+) registered routes, ([\d,]+) routes with ids, ([\d,]+) route cases;\s+([\d,]+) of ([\d,]+) commands with ([\d,]+) command cases, each through both command routes; ([\d,]+) control cases/,
      figures: [
        routes,
        new Set(ROUTE_CASES.map((c) => c.route)).size,
        ROUTE_CASES.length,
        new Set(COMMAND_CASES.map((c) => c.command)).size,
        commands,
        COMMAND_CASES.length,
        controls,
      ],
    },
    {
      where: '2.3 HTTP fuzz',
      pattern:
        /\*\*Figures\*\*: ([\d,]+) mutating routes and ([\d,]+) commands, 100 generated inputs each, and ([\d,]+) reading\s+routes, 30 generated queries each/,
      figures: [mutating, commands, reading],
    },
  ];
};

describe('docs/security.md', () => {
  it('gives the counts of the registered routes, the commands and the security suites as the code has them', async () => {
    const doc = await readFile(DOC, 'utf8');
    expect(registered.length).toBeGreaterThan(100);
    expect(COMMAND_TABLE.length).toBe(COMMANDS.size);
    const problems: string[] = [];
    for (const claim of claimsOf()) {
      const match = claim.pattern.exec(doc);
      if (!match) {
        problems.push(`${claim.where}: the sentence giving ${claim.figures.map(written).join(', ')} is missing (${claim.pattern.source})`);
        continue;
      }
      const said = match.slice(1).map(numberOf);
      if (said.join() !== claim.figures.join()) {
        problems.push(`${claim.where}: says ${said.map(written).join(', ')}; the code has ${claim.figures.map(written).join(', ')}`);
      }
    }
    expect(problems, 'figures of docs/security.md to update').toEqual([]);
  });
});
