import {
  COMMAND_CATALOGUE,
  COMMAND_NAMES,
  type CommandEntity,
  type CommandFields,
  type CommandName,
  type CommandOutput,
  commandRoles,
  type UserType,
} from '@promovente/shared';
import type { ZodType } from 'zod';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import type { RequestActor } from '../../platform/auth.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Storage } from '../../platform/storage.js';
import type { LogEntry } from '../logs/logs.service.js';

export type { CommandEntity };

export type CommandContext = {
  tx: Tx;
  actor: RequestActor;
  jobs: Jobs;
  config: Config;
  storage: Storage;
  /** Work outside the database that must happen only once the transaction has committed. */
  afterCommit: (work: () => Promise<unknown>) => void;
  /** The entity's row id and its promotion, already checked against the user's promotions. */
  target: { id: number; promotionId: number };
};

export type CommandResult<Data = unknown> = {
  data: Data;
  message?: string;
  /** The history row; every command that changes something writes one. */
  log: Omit<LogEntry, 'promotionId' | 'executedById'> | null;
};

/** What runs a command: its parsed fields in, its catalogued answer out. */
export type CommandHandler<Name extends CommandName> = (
  ctx: CommandContext,
  fields: CommandFields<Name>,
) => Promise<CommandResult<CommandOutput<Name>>>;

/**
 * One handler per catalogued command. Each module exports the handlers of its own commands
 * (`satisfies CommandHandlers` on a Pick of its names); the composition root (`src/commands.ts`)
 * spreads them into this type, so a command without a handler does not compile.
 */
export type CommandHandlers = { [Name in CommandName]: CommandHandler<Name> };

/** A catalogued command with its handler, as the dispatcher runs it. */
export type RegisteredCommand = {
  name: CommandName;
  entity: CommandEntity;
  roles: readonly UserType[];
  input: ZodType;
  run: (ctx: CommandContext, fields: unknown) => Promise<CommandResult>;
};

/** Keyed by name; an unknown name (any string a caller sends) finds nothing. */
export type CommandRegistry = ReadonlyMap<string, RegisteredCommand>;

/** The registry: the catalogue's entity, schema and roles beside each handler. */
export const buildCommandRegistry = (handlers: CommandHandlers): CommandRegistry =>
  new Map(
    COMMAND_NAMES.map((name) => {
      const { entity, input } = COMMAND_CATALOGUE[name];
      const run = handlers[name] as (ctx: CommandContext, fields: unknown) => Promise<CommandResult>;
      // The type already demands it; a build that skipped the type check still refuses to boot.
      if (typeof run !== 'function') throw new Error(`The command ${name} has no handler`);
      return [name, { name, entity, roles: commandRoles(name), input, run }];
    }),
  );
