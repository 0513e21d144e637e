import { COMMAND_CATALOGUE, COMMAND_NAMES, commandRoles } from '@promovente/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands.js';
import { bearer, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { TASK_COMMANDS } from '../tasks/index.js';
import { buildCommandRegistry, type CommandHandlers } from './index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

describe('the command dispatcher (architecture note, API conventions)', () => {
  it('answers 404 with a French message for an unknown command, in both call shapes', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const token = await signIn(ctx.app, broker.email);
    const nested = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/executeCommand',
      headers: bearer(token),
      payload: { name: 'inventerUneCommande', params: { entity: 'candidacy', entity_id: 1, additionnal_fields: {} } },
    });
    expect(nested.statusCode).toBe(404);
    expect(nested.json()).toEqual({ message: 'Commande inconnue' });
    const direct = await ctx.app.inject({
      method: 'POST',
      url: '/api/commands/inventerUneCommande',
      headers: bearer(token),
      payload: { entity: 'candidacy', entity_id: 1 },
    });
    expect(direct.statusCode).toBe(404);
  });

  it('validates the target with a French message', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const token = await signIn(ctx.app, broker.email);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/commands/attributeLot',
      headers: bearer(token),
      payload: { entity: 'candidacy', entity_id: 'abc' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Identifiant invalide : cible');
  });

  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/commands/attributeLot',
      payload: { entity: 'candidacy', entity_id: 1 },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the command registry, keyed by the shared catalogue (docs/architecture.md, Commands)', () => {
  it('has one handler for every catalogued command, with the entity and roles of the catalogue', () => {
    expect([...COMMANDS.keys()].sort()).toEqual([...COMMAND_NAMES].sort());
    for (const [name, command] of COMMANDS) {
      expect(command.entity, name).toBe(COMMAND_CATALOGUE[name as keyof typeof COMMAND_CATALOGUE].entity);
      expect(command.roles, name).toEqual(commandRoles(command.name));
      expect(typeof command.run, name).toBe('function');
    }
  });

  it('refuses to build without a handler for each command (and does not compile: see the line below)', () => {
    // @ts-expect-error the task handlers alone leave the other commands without one
    const incomplete: CommandHandlers = { ...TASK_COMMANDS };
    expect(() => buildCommandRegistry(incomplete)).toThrow(/has no handler/);
  });
});
