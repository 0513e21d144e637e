import {
  formatDateTime,
  type Invitation,
  type PromotionArchitect,
  type PromotionBanker,
  type PromotionNotary,
  type PromotionPerson,
} from '@promovente/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/Avatar';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { type DataColumn, DataTable } from '../../../components/ui/DataTable';
import { usePeopleCalls, usePromotionPeople } from '../api/people';
import { isCreatable, PEOPLE_KINDS, type PeopleKind, SINGULAR } from '../kinds';
import { AddExistingModal } from './AddExistingModal';
import { PersonFormModal } from './PersonFormModal';

type Row = PromotionPerson & Partial<Pick<PromotionNotary, 'main'>> & Partial<PromotionBanker> & Partial<PromotionArchitect>;

const NO_SORT = { orderBy: null, order: null } as const;

/** The columns of a kind: the fields its entity has (docs/product/promotion-administration.md#entities), the invitation for admins. */
export const columnsOf = (kind: PeopleKind, admin: boolean): DataColumn[] => [
  { key: 'name', label: 'Nom' },
  { key: 'email', label: 'E-mail' },
  ...(kind === 'notaries'
    ? [
        { key: 'phone', label: 'Téléphone' },
        { key: 'main', label: 'Principal' },
      ]
    : []),
  ...(kind === 'bankers' ? [{ key: 'bank_name', label: 'Banque' }] : []),
  ...(kind === 'architects' ? [{ key: 'office_name', label: 'Bureau' }] : []),
  ...(admin ? [{ key: 'invitation', label: 'Invitation' }] : []),
];

/** 'Invitation envoyée le 24/11/2026 06:10' (Swiss time) until the person chose his password. */
export const invitationText = (invitation: Invitation): string => {
  if (invitation.password_set) return 'Compte activé';
  return invitation.sent_at ? `Invitation envoyée le ${formatDateTime(invitation.sent_at)}` : "Pas encore d'invitation";
};

type PeopleMenuProps = {
  promotionId: number;
  kind: PeopleKind;
  admin: boolean;
  /** After the main broker changed: the promotion record names him too. */
  onMainBrokerChanged?: () => void;
};

/**
 * One people menu of the promotion record: the list, and for admins add, create, edit, remove,
 * the main notary, the main broker and the invitations. The main broker is not removed: another
 * one is named main first ('Définir comme courtier principal'), then the former one may go.
 */
export const PeopleMenu = ({ promotionId, kind, admin, onMainBrokerChanged }: PeopleMenuProps) => {
  const people = usePromotionPeople(promotionId);
  const calls = usePeopleCalls(promotionId);
  const [modal, setModal] = useState<
    { type: 'add' } | { type: 'create' } | { type: 'edit'; notary: PromotionNotary } | { type: 'remove'; person: Row } | null
  >(null);
  const [busy, setBusy] = useState<string | null>(null);
  const label = PEOPLE_KINDS.find((k) => k.key === kind)?.menuLabel ?? '';
  const singular = SINGULAR[kind];

  const run = async (key: string, call: () => Promise<{ message?: string }>) => {
    setBusy(key);
    try {
      const answer = await call();
      if (answer.message) toast.success(answer.message);
      return true;
    } catch {
      // The API client already showed the error.
      return false;
    } finally {
      setBusy(null);
    }
  };

  if (people.isPending) return <p className="text-sm text-slate-500">Chargement…</p>;
  if (!people.data) return null;
  const rows = people.data[kind] as Row[];
  const mainBrokerId = people.data.main_broker_id;

  const cell = (key: string, row: Row) => {
    switch (key) {
      case 'name':
        return (
          <span className="flex items-center gap-2">
            <Avatar name={row.full_name} src={row.profile_picture} size="sm" />
            <span className="font-medium text-slate-900">{row.full_name}</span>
            {kind === 'brokers' && row.id === mainBrokerId && <Badge tone="brand">Courtier principal</Badge>}
          </span>
        );
      case 'email':
        return row.email;
      case 'phone':
        return row.phone ?? '';
      case 'main':
        return row.main ? <Badge tone="brand">Principal</Badge> : '';
      case 'bank_name':
        return row.bank_name ?? '';
      case 'office_name':
        return row.office_name ?? '';
      case 'invitation':
        if (!row.invitation) return '';
        if (row.invitation.password_set) return <span className="text-emerald-700">{invitationText(row.invitation)}</span>;
        // The resend sits under the date it renews, so the row stays within the desk's width.
        return (
          <span className="flex flex-col items-start">
            <span className="text-slate-700">{invitationText(row.invitation)}</span>
            <Button
              size="sm"
              variant="ghost"
              className="-ml-2.5 h-6 text-brand-700"
              loading={busy === `invite-${row.id}`}
              onClick={() => run(`invite-${row.id}`, () => calls.invite(row.id))}
            >
              Renvoyer l'invitation
            </Button>
          </span>
        );
      default:
        return null;
    }
  };

  const actions = (row: Row) => (
    <span className="flex justify-end gap-1">
      {kind === 'brokers' && row.id !== mainBrokerId && (
        <Button
          size="sm"
          variant="secondary"
          loading={busy === `main-${row.id}`}
          onClick={async () => {
            if (await run(`main-${row.id}`, () => calls.setMainBroker(row.id))) onMainBrokerChanged?.();
          }}
        >
          Définir comme courtier principal
        </Button>
      )}
      {kind === 'notaries' && (
        <Button
          size="sm"
          variant="secondary"
          loading={busy === `main-${row.id}`}
          onClick={() => run(`main-${row.id}`, () => calls.toggleMain(row.id))}
        >
          {row.main ? 'Retirer en tant que principal' : 'Ajouter en tant que principal'}
        </Button>
      )}
      {kind === 'notaries' && (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Modifier ${row.full_name}`}
          onClick={() => setModal({ type: 'edit', notary: row as PromotionNotary })}
        >
          Modifier
        </Button>
      )}
      {!(kind === 'brokers' && row.id === mainBrokerId) && (
        <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setModal({ type: 'remove', person: row })}>
          Retirer de la promotion
        </Button>
      )}
    </span>
  );

  return (
    <section aria-label={label} className="space-y-3">
      {admin && (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setModal({ type: 'add' })}>
            Ajouter un {singular} existant
          </Button>
          {isCreatable(kind) && <Button onClick={() => setModal({ type: 'create' })}>Créer un {singular}</Button>}
        </div>
      )}
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">Aucun {singular} dans cette promotion.</p>
      ) : (
        <DataTable
          label={`Tableau des ${label.toLocaleLowerCase('fr')}`}
          columns={columnsOf(kind, admin)}
          rows={rows}
          rowKey={(row) => row.id}
          sort={NO_SORT}
          onSort={() => {}}
          cell={cell}
          actions={admin ? actions : undefined}
        />
      )}
      {modal?.type === 'add' && (
        <AddExistingModal
          kind={kind}
          promotionId={promotionId}
          onClose={() => setModal(null)}
          onAdd={(userId) => calls.add(kind, userId)}
        />
      )}
      {modal?.type === 'create' && isCreatable(kind) && (
        <PersonFormModal kind={kind} onClose={() => setModal(null)} onSubmit={(input) => calls.create(kind, input)} />
      )}
      {modal?.type === 'edit' && (
        <PersonFormModal
          kind="notaries"
          notary={modal.notary}
          onClose={() => setModal(null)}
          onSubmit={(input) => calls.editNotary(modal.notary.id, input as Parameters<typeof calls.editNotary>[1])}
        />
      )}
      {modal?.type === 'remove' && (
        <ConfirmModal
          title="Retirer de la promotion"
          description={`${modal.person.full_name} n'aura plus accès à cette promotion.`}
          confirmLabel="Retirer"
          pending={busy === 'remove'}
          onConfirm={async () => {
            if (await run('remove', () => calls.remove(kind, modal.person.id))) setModal(null);
          }}
          onClose={() => setModal(null)}
        >
          <p className="text-sm text-slate-700">
            Retirer {modal.person.full_name} ({modal.person.email}) de la liste des {label.toLocaleLowerCase('fr')} ?
          </p>
        </ConfirmModal>
      )}
    </section>
  );
};
