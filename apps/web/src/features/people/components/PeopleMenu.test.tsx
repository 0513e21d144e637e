import type { PromotionNotary, PromotionPeople } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { peopleQueryKey } from '../api/people';
import { columnsOf, invitationText, PeopleMenu } from './PeopleMenu';

const notary = (id: number, main: boolean, invitation: PromotionNotary['invitation']): PromotionNotary => ({
  id,
  first_name: 'Claire',
  last_name: `Morel${id}`,
  full_name: `Claire Morel${id}`,
  email: `claire${id}@notaires.ch`,
  phone: '021 555 12 12',
  profile_picture: null,
  invitation,
  iban: null,
  bank_name: null,
  bank_holder: null,
  address: null,
  zip: null,
  city: null,
  full_address: null,
  secretary_gender: null,
  secretary_name: null,
  secretary_email: null,
  secretary_phone: null,
  main,
});

const renderMenu = (people: PromotionPeople, admin: boolean) => {
  const client = createQueryClient();
  client.setQueryData(peopleQueryKey(3), people);
  render(
    <QueryClientProvider client={client}>
      <PeopleMenu promotionId={3} kind="notaries" admin={admin} />
    </QueryClientProvider>,
  );
};

const people = (admin: boolean): PromotionPeople => ({
  notaries: [
    notary(1, true, admin ? { password_set: true, sent_at: null } : null),
    notary(2, false, admin ? { password_set: false, sent_at: '2026-11-24T09:05:00.000Z' } : null),
  ],
  brokers: [],
  promoters: [],
  bankers: [],
  architects: [],
  main_broker_id: null,
});

describe('the people menus (docs/product/promotion-administration.md#people-menus)', () => {
  afterEach(cleanup);

  it('offers admins add-existing, create, the main-notary toggle in the reference words, and the invitations', () => {
    renderMenu(people(true), true);
    expect(screen.getByRole('button', { name: 'Ajouter un notaire existant' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Créer un notaire' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retirer en tant que principal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter en tant que principal' })).toBeTruthy();
    expect(screen.getByText('Invitation envoyée le 24/11/2026 10:05')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: "Renvoyer l'invitation" })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Retirer de la promotion' })).toHaveLength(2);
  });

  it('is read-only for the other brokers', () => {
    renderMenu(people(false), false);
    expect(screen.getByText('Claire Morel1')).toBeTruthy();
    // The column's header and the main notary's badge.
    expect(screen.getAllByText('Principal')).toHaveLength(2);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('shows the fields of each entity, and the invitation to admins only', () => {
    expect(columnsOf('notaries', false).map((c) => c.key)).toEqual(['name', 'email', 'phone', 'main']);
    expect(columnsOf('bankers', true).map((c) => c.key)).toEqual(['name', 'email', 'bank_name', 'invitation']);
    expect(columnsOf('architects', false).map((c) => c.key)).toEqual(['name', 'email', 'office_name']);
    expect(invitationText({ password_set: true, sent_at: '2026-11-24T09:05:00.000Z' })).toBe('Compte activé');
    expect(invitationText({ password_set: false, sent_at: null })).toBe("Pas encore d'invitation");
  });
});

describe("the brokers menu's main broker", () => {
  afterEach(cleanup);

  const broker = (id: number) => ({
    id,
    first_name: 'Julien',
    last_name: `Favre${id}`,
    full_name: `Julien Favre${id}`,
    email: `julien${id}@demo.ch`,
    phone: null,
    profile_picture: null,
    invitation: null,
  });

  it("offers admins 'Définir comme courtier principal' on the other brokers, and no removal of the main broker", () => {
    const client = createQueryClient();
    client.setQueryData(peopleQueryKey(3), { ...people(true), brokers: [broker(5), broker(6)], main_broker_id: 5 });
    render(
      <QueryClientProvider client={client}>
        <PeopleMenu promotionId={3} kind="brokers" admin />
      </QueryClientProvider>,
    );
    const main = screen.getByRole('row', { name: /Julien Favre5/ });
    const other = screen.getByRole('row', { name: /Julien Favre6/ });
    expect(main.textContent).toContain('Courtier principal');
    expect(main.querySelectorAll('button')).toHaveLength(0);
    expect([...other.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Définir comme courtier principal',
      'Retirer de la promotion',
    ]);
  });
});
