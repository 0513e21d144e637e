import { routeByName, type User } from '@promovente/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { redirectFor } from './guard';

const user = (patch: Partial<User>): User => ({
  id: 1,
  type: 'broker',
  admin: false,
  preferences: { selected_promotion: 1 },
  promotion: null,
  promotions_count: 0,
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

const url = (path: string) => new URL(path, 'http://localhost');

describe('redirectFor', () => {
  afterEach(() => localStorage.clear());

  it('lets a role in on its routes', () => {
    expect(redirectFor(routeByName('candidats'), user({}), url('/candidats'))).toBeNull();
  });

  it('sends a role to the 401 page on a route it may not open', () => {
    expect(redirectFor(routeByName('candidats'), user({ type: 'notary' }), url('/candidats'))).toBe('/401');
  });

  it('sends the light investor to the 401 page on the dashboard his menu hides, as the server refuses it', () => {
    expect(redirectFor(routeByName('dashboard'), user({ type: 'investor', restricted_access: 1 }), url('/dashboard'))).toBe('/401');
    expect(redirectFor(routeByName('dashboard'), user({ type: 'investor' }), url('/dashboard'))).toBeNull();
  });

  it('sends a candidate who never changed his password to the settings first', () => {
    const candidate = user({ type: 'candidate', number_connections: 0 });
    expect(redirectFor(routeByName('candidate-home'), candidate, url('/home'))).toBe('/settings?password=true');
    expect(redirectFor(routeByName('settings'), candidate, url('/settings?password=true'))).toBeNull();
  });

  it('does not force the change in demo mode', () => {
    const candidate = user({ type: 'candidate', number_connections: 0 });
    localStorage.setItem('demo', '1');
    expect(redirectFor(routeByName('candidate-home'), candidate, url('/home'))).toBeNull();
  });

  it('leaves open routes open', () => {
    expect(redirectFor(routeByName('attractivite'), user({ type: 'candidate' }), url('/attractivite'))).toBeNull();
  });
});
