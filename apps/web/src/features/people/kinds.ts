/** The five people menus of the promotion record, in the order they are shown. */
export const PEOPLE_KINDS = [
  { key: 'notaries', menuLabel: 'Notaires' },
  { key: 'brokers', menuLabel: 'Courtiers' },
  { key: 'promoters', menuLabel: 'Promoteurs' },
  { key: 'bankers', menuLabel: 'Banquiers' },
  { key: 'architects', menuLabel: 'Architectes' },
] as const;

export type PeopleKind = (typeof PEOPLE_KINDS)[number]['key'];

/** The singular of each kind, in the menu's French texts ('Ajouter un notaire existant', 'Créer un notaire'). */
export const SINGULAR: Record<PeopleKind, string> = {
  notaries: 'notaire',
  brokers: 'courtier',
  promoters: 'promoteur',
  bankers: 'banquier',
  architects: 'architecte',
};

/** Brokers are added, not created, from the promotion record (docs/sales-process.md#people-of-a-promotion). */
export const isCreatable = (kind: PeopleKind): kind is Exclude<PeopleKind, 'brokers'> => kind !== 'brokers';
