import type { UserType } from '@promovente/shared';
import type { ZodType } from 'zod';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import type { RequestActor } from '../../platform/auth.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Storage } from '../../platform/storage.js';
import type { LogEntry } from '../logs/logs.service.js';

/** The rows a command may act on (spec part 1, 7 and part 2, 7.1: entity and entity_id). */
export type CommandEntity = 'promotion' | 'candidacy' | 'application' | 'action' | 'lot';

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

export type CommandResult = {
  data?: unknown;
  message?: string;
  /** The history row; every command that changes something writes one. */
  log: Omit<LogEntry, 'promotionId' | 'executedById'> | null;
};

export type Command<Input> = {
  name: string;
  entity: CommandEntity;
  /** Who may run it; the handler re-checks the finer rules (agency, state). */
  roles: readonly UserType[];
  input: ZodType<Input>;
  run: (ctx: CommandContext, input: Input) => Promise<CommandResult>;
};

/** Declares a command with its input type inferred from its schema. */
export const defineCommand = <Input>(command: Command<Input>) => command;
