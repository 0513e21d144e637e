import type { UserType } from './roles.js';

/** The demo accounts' password (the demo seed, the demo page, the browser tests). */
export const DEMO_PASSWORD = 'demo-2026';

/** The demo account of each role, offered by the demo page and created by the demo seed. */
export const DEMO_ACCOUNTS: Record<UserType, string> = {
  broker: 'courtier@demo.ch',
  promoter: 'promoteur@demo.ch',
  banker: 'banquier@demo.ch',
  architect: 'architecte@demo.ch',
  notary: 'notaire@demo.ch',
  candidate: 'candidat@demo.ch',
  pilot: 'pilote@demo.ch',
  investor: 'investisseur@demo.ch',
};

/**
 * Demo accounts that belong to the second demo promotion ('Quartier des Vergers') only, so that
 * anyone can see that a promotion's data stays its own (docs/security.md).
 */
export const DEMO_SINGLE_PROMOTION_ACCOUNTS = {
  broker: 'courtier.vergers@demo.ch',
  notary: 'notaire.vergers@demo.ch',
  candidate: 'candidat.vergers@demo.ch',
} as const;
