import { API, COMMAND_CATALOGUE, type CommandAnswer, type CommandInput, type CommandName } from '@promovente/shared';
import { call } from './api-client';

export type { CommandAnswer };

/** The fields are optional where the command takes none. */
export type FieldsArgument<Name extends CommandName> =
  Record<string, never> extends CommandInput<Name> ? [fields?: CommandInput<Name>] : [fields: CommandInput<Name>];

/**
 * POST app/executeCommand { name, params: { entity, entity_id, additionnal_fields } }: the entity,
 * the fields and the answer are those of the shared command catalogue (docs/architecture.md, 'Commands').
 */
export const executeCommand = <Name extends CommandName>(name: Name, entityId: number, ...[fields]: FieldsArgument<Name>) =>
  call(API.executeCommand, {
    body: {
      name,
      params: {
        entity: COMMAND_CATALOGUE[name].entity,
        entity_id: entityId,
        additionnal_fields: (fields ?? {}) as Record<string, unknown>,
      },
    },
  }) as Promise<CommandAnswer<Name>>;
