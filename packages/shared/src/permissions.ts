import { type Actor, CRM_AGENCY_ID, type UserType } from './roles.js';

/**
 * Who may do what: one table of pure functions, used by the server to authorise and by the
 * client to show or hide (spec part 1, 6; design note 1). docs/permissions.md mirrors it and a
 * test keeps the two in step.
 */
const roles =
  (...types: UserType[]) =>
  (actor: Actor) =>
    types.includes(actor.type);

export const PERMISSIONS = {
  /** Brokers manage candidates and candidacies (edit and delete within their agency: see below). */
  'candidacy.create': roles('broker'),
  'candidacy.edit': roles('broker'),
  'candidacy.delete': roles('broker'),
  'candidacy.changeAgency': roles('broker'),
  'candidacy.download': roles('broker'),
  'comment.read': roles('broker', 'notary', 'banker', 'promoter'),
  'comment.create': roles('broker', 'notary', 'banker', 'promoter'),
  'file.upload': roles('broker', 'notary', 'banker', 'architect', 'promoter'),
  'file.delete': roles('broker', 'candidate', 'promoter'),
  'task.create': roles('broker'),
  'logs.read': roles('broker'),
  'lot.changeStatus': roles('broker'),
  'lot.changePrice': roles('broker'),
  'lot.download': roles('broker'),
  'lot.contextMenu': roles('broker'),
  'application.download': roles('broker'),
  'assistant.add': roles('broker'),
  'assistant.remove': (actor: Actor) => actor.admin,
  'promotion.add': (actor: Actor) => actor.admin && actor.type === 'broker',
  'outbox.read': (actor: Actor) => actor.admin,
} as const satisfies Record<string, (actor: Actor) => boolean>;

export type Permission = keyof typeof PERMISSIONS;

export const can = (actor: Actor, permission: Permission): boolean => PERMISSIONS[permission](actor);

/** A broker edits or deletes only the candidacies of his own agency (spec part 1, 6). */
export const canEditCandidacyOf = (actor: Actor, candidacyAgencyId: number | null): boolean =>
  actor.type === 'broker' && actor.agency_id !== null && actor.agency_id === candidacyAgencyId;

/** The CRM column and 'validated' flag are for agency 1 only. */
export const seesCrmColumns = (actor: Actor): boolean => actor.agency_id === CRM_AGENCY_ID;

/** Thread recipients a user may choose (spec part 1, 6); a candidate cannot choose. */
export const threadRecipientTypes = (type: UserType): UserType[] => {
  switch (type) {
    case 'broker':
      return ['candidate', 'notary'];
    case 'notary':
      return ['candidate', 'broker'];
    case 'pilot':
      return ['investor'];
    case 'investor':
      return ['pilot'];
    default:
      return [];
  }
};
