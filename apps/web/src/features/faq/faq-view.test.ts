import { FAQ_MESSAGES, type User } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import { deleteConfirmation, faqAbilities } from './faq-view';

const user = (patch: Partial<User>): User => ({
  id: 1,
  type: 'broker',
  admin: false,
  preferences: { selected_promotion: 1 },
  promotion: null,
  promotions_count: 1,
  agency: null,
  restricted_access: 0,
  profile_picture: null,
  full_name: 'Léa Martin',
  first_name: 'Léa',
  last_name: 'Martin',
  email: 'lea@example.ch',
  number_connections: 3,
  unread_messages_count: 0,
  assistants: [],
  is_demo: false,
  email_notifications: true,
  ...patch,
});

describe('docs/product/faq.md#screens: the FAQ add modal', () => {
  it('offers a broker to add a question with a file, the global option to an admin broker only', () => {
    expect(faqAbilities(user({}), false)).toEqual({ add: true, attachFile: true, addGlobal: false });
    expect(faqAbilities(user({ admin: true }), false)).toEqual({ add: true, attachFile: true, addGlobal: true });
  });

  it('hides the file and the global option in demo mode (stored in the browser or a demo account)', () => {
    expect(faqAbilities(user({ admin: true }), true)).toEqual({ add: true, attachFile: false, addGlobal: false });
    expect(faqAbilities(user({ admin: true, is_demo: true }), false)).toEqual({ add: true, attachFile: false, addGlobal: false });
  });

  it('offers nothing to the other roles', () => {
    for (const type of ['candidate', 'notary', 'banker', 'promoter', 'architect'] as const) {
      expect(faqAbilities(user({ type }), false).add).toBe(false);
    }
  });
});

describe('docs/product/faq.md#messages: the delete confirmation', () => {
  it('warns that a global question leaves every promotion', () => {
    expect(deleteConfirmation({ global: false })).toBe('Voulez-vous vraiment supprimer cette Question ?');
    expect(deleteConfirmation({ global: true })).toBe(FAQ_MESSAGES.confirmDeleteGlobal);
    expect(FAQ_MESSAGES.confirmDeleteGlobal).toBe(
      'Attention : Si vous supprimez cette question, elle sera supprimée pour toutes les autres promotions',
    );
  });
});
