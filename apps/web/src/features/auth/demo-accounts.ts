import { DEMO_ACCOUNTS, DEMO_PASSWORD, USER_TYPES, type UserType } from '@promovente/shared';

/** What a visitor types as the e-mail to reach the demo page (spec part 1, 2.5 '{secret}'). */
export const DEMO_SECRET = 'demo';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

export const isUserType = (value: string | null): value is UserType => USER_TYPES.some((type) => type === value);
