import { type ApplicationRow, type ApplicationsPage, PIPELINE_MESSAGES, type User } from '@promovente/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '../../../../lib/auth';
import { ApplicationActionModal, FunnelActionModal, type ModalAction } from './ApplicationActionModal';

const PROMOTION_ID = 4;

const candidacy = (id: number, full_name: string) => ({
  id,
  agency_id: 2,
  crm_validated: true,
  vip: false,
  candidate: { id: id * 10, full_name, email: `${full_name.split(' ')[0].toLowerCase()}@test.ch`, phone: null, has_account: true },
});

const makeRow = (overrides: Partial<ApplicationRow> = {}): ApplicationRow => ({
  id: 31,
  public_id: 'pub-31',
  promotion_id: PROMOTION_ID,
  status: 0,
  status_text: 'Optionné',
  priority: 1,
  last_priority_change: '2026-03-01T08:00:00.000Z',
  deadline: null,
  deadline_is_in_less_than_one_day: false,
  is_over_deadline: false,
  negociated_price: null,
  solvent: null,
  broker: null,
  candidacy1: candidacy(5, 'Jean Dupont'),
  candidacy2: null,
  lot: {
    id: 8,
    public_id: 'lot-8',
    reference: 'A12',
    title: 'Appartement A12',
    building: 'A',
    nb_rooms: 4,
    area_hab: 110,
    floor: '1er',
    price: 950_000,
    total_price: 990_000,
    children: 1,
    best_available_priority: null,
  },
  status_FR: null,
  status_FR_checked: false,
  status_AC: null,
  status_AC_checked: false,
  status_FIN: null,
  status_FIN_checked: false,
  status_SIGNPDV: null,
  status_SIGNPDV_checked: false,
  status_SIGN: null,
  status_SIGN_checked: false,
  reservation_sent_at: null,
  first_reservation_at: null,
  reservation_confirmed_at: null,
  reservation_deposit_confirmed_at: null,
  promise_planned_at: null,
  promise_signed_at: null,
  act_of_purchase_at: null,
  act_of_purchase_signed_at: null,
  tasks: [],
  tasks_count: 0,
  open_task_kinds: [],
  actions: [],
  ...overrides,
});

const makeUser = (multiAgency: boolean, admin = false) =>
  ({
    id: 7,
    type: 'broker',
    admin,
    preferences: { selected_promotion: PROMOTION_ID },
    promotion: { id: PROMOTION_ID, title: 'Les Terrasses', logo: null, multi_agency: multiAgency, unread_messages: 0, archived: false },
    promotions_count: 1,
    agency: { id: 2, name: 'Agence du Lac' },
    restricted_access: 0,
    profile_picture: null,
    full_name: 'Julie Favre',
    first_name: 'Julie',
    last_name: 'Favre',
    email: 'julie@test.ch',
    number_connections: 3,
    unread_messages_count: 0,
    assistants: [],
    is_demo: false,
    email_notifications: true,
  }) satisfies User;

/** The server's answers, in order; every call is recorded. */
const stubServer = (...answers: { status: number; body: unknown }[]) => {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    const answer = answers.shift() ?? { status: 200, body: { data: null, message: 'OK' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const sentCommand = (fetchMock: ReturnType<typeof stubServer>, call = 0) => {
  const [url, init] = fetchMock.mock.calls[call];
  return {
    url,
    ...(JSON.parse(String(init?.body)) as { name: string; params: { entity: string; entity_id: number; additionnal_fields: object } }),
  };
};

const renderModal = (
  action: ModalAction,
  application: ApplicationRow,
  { multiAgency = false, admin = false, page }: { multiAgency?: boolean; admin?: boolean; page?: Partial<ApplicationsPage> } = {},
) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(userQueryKey, makeUser(multiAgency, admin));
  if (page) client.setQueryData(['applications', 'list', {}], page);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ApplicationActionModal action={action} application={application} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, client };
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the funnel modals (docs/product/funnel.md#screens and docs/product/validation.md#sales-pipeline-forms)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  describe("an action chosen on a lean row of the funnel's page (issue 20)", () => {
    const renderFromRow = (action: ModalAction, cached?: ApplicationRow) => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
      client.setQueryData(userQueryKey, makeUser(false));
      if (cached) client.setQueryData(['applications', 'detail', cached.id], cached);
      const onClose = vi.fn();
      render(
        <QueryClientProvider client={client}>
          <FunnelActionModal action={action} applicationId={31} onClose={onClose} />
        </QueryClientProvider>,
      );
      return { onClose };
    };

    it('reads the whole application again when it opens, then opens its modal on what the application is now', async () => {
      const fetchMock = stubServer({ status: 200, body: { data: makeRow({ negociated_price: 930_000 }) } });
      renderFromRow('negotiatePrice', makeRow({ negociated_price: 900_000 }));
      expect(await screen.findByRole('dialog')).toBeTruthy();
      expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/api\/applications\/31$/);
      expect(field('Prix négocié (CHF) *').value).toBe('930000');
    });

    it('is cancelled by Escape while the application is still being read', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn<typeof fetch>(() => new Promise<Response>(() => {})),
      );
      const { onClose } = renderFromRow('negotiatePrice');
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(onClose).toHaveBeenCalled();
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('closes when the application cannot be read (the call already told the user)', async () => {
      stubServer({ status: 404, body: { message: 'Page introuvable' } });
      const { onClose } = renderFromRow('negotiatePrice');
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  describe('the reservation e-mail', () => {
    it('proposes a subject naming the promotion and the lot, and keeps submit disabled until subject and body hold text', async () => {
      const fetchMock = stubServer({ status: 200, body: { data: null, message: 'Formulaire de réservation envoyé' } });
      const { onClose } = renderModal('sendReservationForm', makeRow());

      expect(screen.getByRole('dialog', { name: 'Envoyer le formulaire de réservation' })).toBeTruthy();
      expect(field('Objet *').value).toBe('Formulaire de réservation – Les Terrasses – lot A12');
      const submit = screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement;
      expect(submit.disabled).toBe(false);

      fireEvent.change(field('Objet *'), { target: { value: '   ' } });
      expect(submit.disabled).toBe(true);
      fireEvent.change(field('Objet *'), { target: { value: 'Votre réservation' } });
      fireEvent.change(field('Message *'), { target: { value: '' } });
      expect(submit.disabled).toBe(true);
      fireEvent.change(field('Message *'), { target: { value: 'Bonjour,\r\n\r\nMerci.' } });
      expect(submit.disabled).toBe(false);

      fireEvent.click(field("M'envoyer une copie"));
      fireEvent.change(field('Autres destinataires'), { target: { value: 'notaire@test.ch' } });
      await act(async () => {
        fireEvent.click(submit);
      });

      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(sentCommand(fetchMock)).toEqual({
        url: '/api/app/executeCommand',
        name: 'sendReservationForm',
        params: {
          entity: 'application',
          entity_id: 31,
          additionnal_fields: {
            subject: 'Votre réservation',
            body: 'Bonjour,\n\nMerci.',
            emails: ['notaire@test.ch'],
            do_not_send_email: false,
            send_copy_to_broker: true,
          },
        },
      });
    });
  });

  describe('the reservation complete modal', () => {
    it('shows the deposit date only when it is known, the time on quarter hours from 10:00', async () => {
      const fetchMock = stubServer({ status: 200, body: { data: null, message: 'Réservation validée' } });
      const { onClose } = renderModal('validateReservationForm', makeRow({ first_reservation_at: '2026-03-02T08:00:00.000Z' }));
      expect(screen.queryByLabelText("Date de dépôt de l'acompte *")).toBeNull();

      fireEvent.click(field('Date de dépôt connue'));
      const time = screen.getByLabelText<HTMLSelectElement>('Heure (heure suisse) *');
      expect(time.value).toBe('10:00');
      expect(Array.from(time.options).every((o) => /^\d{2}:(00|15|30|45)$/.test(o.value))).toBe(true);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
      });
      expect(await screen.findByText(PIPELINE_MESSAGES.dateRequired)).toBeTruthy();

      fireEvent.change(field("Date de dépôt de l'acompte *"), { target: { value: '2026-04-01' } });
      fireEvent.change(time, { target: { value: '09:45' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
      });
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(sentCommand(fetchMock)).toMatchObject({
        name: 'validateReservationForm',
        params: { additionnal_fields: { knowDate: true, date: '2026-04-01', time: '09:45' } },
      });
    });
  });

  describe('the act of purchase', () => {
    it('shows the no-notary alert instead of the form when the funnel page says the promotion has none', () => {
      const row = makeRow({ status: 2 });
      renderModal('planActOfPurchase', row, { page: { data: [row], has_notary: false, multi_agency: false } });
      expect(screen.getByRole('alert').textContent).toBe(PIPELINE_MESSAGES.noNotary);
      expect(screen.queryByLabelText('Objet *')).toBeNull();
    });

    it('sends the date read in Swiss time (UTC+1 in December), and turns to the alert when the server refuses for want of a notary', async () => {
      const fetchMock = stubServer({ status: 422, body: { message: PIPELINE_MESSAGES.noNotary } });
      const row = makeRow({ status: 2 });
      renderModal('planActOfPurchase', row, { page: { data: [row], has_notary: true, multi_agency: false } });

      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Planifier' }));
      });
      expect(await screen.findByText(PIPELINE_MESSAGES.dateRequired)).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();

      fireEvent.change(field('Date de signature *'), { target: { value: '2026-12-15' } });
      fireEvent.change(field('Heure (heure suisse) *'), { target: { value: '14:30' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Planifier' }));
      });

      expect(await screen.findByRole('alert')).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe(PIPELINE_MESSAGES.noNotary);
      const sent = sentCommand(fetchMock);
      expect(sent.name).toBe('planActOfPurchase');
      expect(sent.params.additionnal_fields).toMatchObject({ date: '2026-12-15T13:30:00.000Z', do_not_send_email: false, emails: [] });
    });
  });

  describe('the priority modal (docs/product/positions.md#priority-modal)', () => {
    it('offers a required select of 1, 2, 3, 9 outside multi-agency promotions', async () => {
      const fetchMock = stubServer();
      const { onClose } = renderModal('updatePriority', makeRow({ priority: 2 }));
      const select = screen.getByLabelText<HTMLSelectElement>('Priorité *');
      expect(Array.from(select.options).map((o) => o.value)).toEqual(['', '1', '2', '3', '9']);
      expect(select.value).toBe('2');

      fireEvent.change(select, { target: { value: '' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
      });
      expect(await screen.findByText('Priorité requise')).toBeTruthy();

      fireEvent.change(select, { target: { value: '9' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
      });
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(sentCommand(fetchMock)).toMatchObject({ name: 'updateApplication', params: { additionnal_fields: { priority: 9 } } });
    });

    it('offers the best available position to a priority 9 when the lot has one', () => {
      renderModal('updatePriority', makeRow({ priority: 9, lot: { ...makeRow().lot, best_available_priority: 2 } }), { multiAgency: true });
      expect(screen.getByRole('button', { name: 'Aller à la meilleure priorité disponible' })).toBeTruthy();
      expect(screen.getByText('Le dossier prend la position 2 sur ce lot.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Libérer la place' })).toBeNull();
      expect(screen.queryByLabelText('Priorité *')).toBeNull();
    });

    it('lets a priority 1 release its place, and only an admin reset the counter', async () => {
      const fetchMock = stubServer();
      renderModal('updatePriority', makeRow({ priority: 1 }), { multiAgency: true });
      expect(screen.queryByRole('button', { name: 'Réinitialiser le compteur' })).toBeNull();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Libérer la place' }));
      });
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      expect(sentCommand(fetchMock).name).toBe('goToLatestPriority');
      cleanup();

      renderModal('updatePriority', makeRow({ priority: 1 }), { multiAgency: true, admin: true });
      expect(screen.getByRole('button', { name: 'Réinitialiser le compteur' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Aller à la meilleure priorité disponible' })).toBeNull();
    });
  });
});
