import { DEMO_ACCOUNTS, DEMO_PASSWORD, USER_TYPES, type UserType } from '@promovente/shared';

/** What a visitor types as the e-mail to reach the demo page (docs/product/access.md#login '{secret}'). */
export const DEMO_SECRET = 'demo';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

export const isUserType = (value: string | null): value is UserType => USER_TYPES.some((type) => type === value);
