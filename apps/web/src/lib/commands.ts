import { api } from './api';

/** What every command answers (spec part 1, 7: app/executeCommand). */
export type CommandAnswer<T> = { data: T; message?: string };

type CommandEntity = 'promotion' | 'candidacy' | 'action' | 'application' | 'lot';

/** POST app/executeCommand { name, params: { entity, entity_id, additionnal_fields } }. */
export const executeCommand = <T>(name: string, entity: CommandEntity, entityId: number, fields: object = {}) =>
  api.post<CommandAnswer<T>>('app/executeCommand', {
    name,
    params: { entity, entity_id: entityId, additionnal_fields: fields },
  });
