import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  COMMAND_CATALOGUE,
  COMMAND_NAMES,
  type CommandFields,
  type CommandInput,
  type CommandOutput,
  commandRoles,
  isCommandName,
} from './commands.js';
import type { ReservationForm } from './contracts/reservation.js';
import type { Task } from './contracts/tasks.js';
import { rolesWith } from './permissions.js';
import { applicationActionRoles } from './pipeline.js';

describe('the command catalogue (docs/architecture.md, Commands)', () => {
  it('names every command once, each with an entity, an input schema and at least one role', () => {
    expect(COMMAND_NAMES.length).toBe(new Set(COMMAND_NAMES).size);
    for (const name of COMMAND_NAMES) {
      expect(commandRoles(name).length, name).toBeGreaterThan(0);
      expect(typeof COMMAND_CATALOGUE[name].input.safeParse, name).toBe('function');
    }
  });

  it('takes its roles from the shared permission table and the pipeline rule table', () => {
    expect(commandRoles('createAction')).toEqual(rolesWith('task.create'));
    expect(commandRoles('deleteCandidacy')).toEqual(rolesWith('candidacy.delete'));
    expect(commandRoles('goToLatestPriority')).toEqual(applicationActionRoles('updatePriority'));
    expect(commandRoles('submitReservationForm')).toEqual(rolesWith('reservationForm.submit'));
  });

  it('knows its own names only (an inherited property is not a command)', () => {
    expect(isCommandName('attributeLot')).toBe(true);
    expect(isCommandName('toString')).toBe(false);
    expect(isCommandName('__proto__')).toBe(false);
  });

  it('types what a caller sends and what the command answers', () => {
    expectTypeOf<CommandOutput<'markActionAsFinished'>>().toEqualTypeOf<Task>();
    expectTypeOf<CommandOutput<'submitReservationForm'>>().toEqualTypeOf<ReservationForm>();
    expectTypeOf<CommandOutput<'deleteCandidacy'>>().toEqualTypeOf<null>();
    expectTypeOf<CommandInput<'moveCandidacyToOtherAgency'>>().toHaveProperty('agency_id');
    expectTypeOf<CommandFields<'updateApplication'>>().toMatchTypeOf<{ priority: number } | { negociated_price: number } | object>();
  });

  it("answers updateApplication's refusals with the message of the branch the field chose", () => {
    const price = COMMAND_CATALOGUE.updateApplication.input.safeParse({ negociated_price: 1500 });
    expect(price.success).toBe(false);
    expect(price.error?.issues[0]?.message).toBe('Le prix doit être un multiple de 1000');
    expect(COMMAND_CATALOGUE.updateApplication.input.safeParse({ priority: 2 }).data).toEqual({ priority: 2 });
  });
});
