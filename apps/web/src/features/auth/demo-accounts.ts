import { USER_TYPES, type UserType } from '@promovente/shared';

/** What a visitor types as the e-mail to reach the demo page (spec part 1, 2.5 '{secret}'). */
export const DEMO_SECRET = 'demo';

export const DEMO_PASSWORD = 'demo-2026';

/** The demo account of each role, seeded by the server. */
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

export const isUserType = (value: string | null): value is UserType => USER_TYPES.some((type) => type === value);
