import type { User } from '@promovente/shared';

/**
 * A signed-in user for the screens' tests: a broker without agency, promotion or unread message,
 * who has signed in before; each test states what it relies on in `overrides`.
 */
export const testUser = (overrides: Partial<User> = {}): User => ({
  id: 1,
  type: 'broker',
  admin: false,
  preferences: { selected_promotion: null },
  promotion: null,
  promotions_count: 0,
  agency: null,
  restricted_access: 0,
  profile_picture: null,
  full_name: 'Moi',
  first_name: 'Moi',
  last_name: '',
  email: 'moi@test.ch',
  number_connections: 1,
  unread_messages_count: 0,
  assistants: [],
  is_demo: false,
  email_notifications: true,
  ...overrides,
});
