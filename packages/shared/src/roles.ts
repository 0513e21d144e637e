/** The eight user types of docs/product/access.md#roles. */
export const USER_TYPES = ['broker', 'promoter', 'banker', 'architect', 'notary', 'candidate', 'pilot', 'investor'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  broker: 'Courtier',
  promoter: 'Promoteur',
  banker: 'Banquier',
  architect: 'Architecte',
  notary: 'Notaire',
  candidate: 'Candidat',
  pilot: 'Pilote',
  investor: 'Investisseur',
};

/** What the permission functions need to know of a user. */
export type Actor = {
  id: number;
  type: UserType;
  admin: boolean;
  restricted_access: number;
  agency_id: number | null;
};

/** An investor with restricted_access = 1 is a light investor (docs/product/access.md#roles). */
export const isLightInvestor = (actor: Pick<Actor, 'type' | 'restricted_access'>) =>
  actor.type === 'investor' && actor.restricted_access === 1;

/** Agency id 1 carries the CRM display and partner-selection rules (docs/product/access.md#who-may-do-what). */
export const CRM_AGENCY_ID = 1;

/** Whether an agency is the CRM agency: every CRM rule, on the client and the server, asks it here. */
export const isCrmAgency = (agencyId: number | null | undefined): boolean => agencyId === CRM_AGENCY_ID;
