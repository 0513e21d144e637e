import { COMMAND_CATALOGUE, type CommandInput, type CommandName, type CommandOutput } from '@promovente/shared';
import { api } from './api';

/** What every command answers: its catalogued data and the server's French message. */
export type CommandAnswer<Name extends CommandName> = { data: CommandOutput<Name>; message?: string };

/** The fields are optional where the command takes none. */
export type FieldsArgument<Name extends CommandName> =
  Record<string, never> extends CommandInput<Name> ? [fields?: CommandInput<Name>] : [fields: CommandInput<Name>];

/**
 * POST app/executeCommand { name, params: { entity, entity_id, additionnal_fields } }: the entity,
 * the fields and the answer are those of the shared command catalogue (docs/architecture.md, 'Commands').
 */
export const executeCommand = <Name extends CommandName>(name: Name, entityId: number, ...[fields]: FieldsArgument<Name>) =>
  api.post<CommandAnswer<Name>>('app/executeCommand', {
    name,
    params: { entity: COMMAND_CATALOGUE[name].entity, entity_id: entityId, additionnal_fields: fields ?? {} },
  });
