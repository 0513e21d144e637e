import {
  formatDateTime,
  isWebAddress,
  MESSAGES,
  PROMOTION_ARCHIVE_MESSAGES,
  type PromotionRecord,
  promotionSettingsSchema,
  webAddressHref,
} from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/Button';
import { ConfirmModal } from '../../../../components/ui/ConfirmModal';
import { Checkbox, InputField } from '../../../../components/ui/Field';
import { Spinner } from '../../../../components/ui/Spinner';
import { userQueryKey } from '../../../../lib/auth';
import { schemaResolver } from '../../../../lib/schema-resolver';
import { CrmSendBlock } from '../../../crm';
import { RegistrationLinkField } from '../../../registration';
import { archivePromotion, promotionKeys, restorePromotion, savePromotionSettings, usePromotionRecord } from '../../api/promotions';
import { type SettingsFormValues, settingsFormData, settingsFormValuesOf } from '../../settings-form';
import { LogoPicker } from './LogoPicker';

/**
 * The shared schema judges the form (French messages by field); the form keeps its own values
 * (texts and flags), which the multipart body sends as typed.
 */
const parse = schemaResolver<SettingsFormValues>(promotionSettingsSchema);
const resolver: Resolver<SettingsFormValues> = async (values, context, options) => {
  const result = await parse(values, context, options);
  return Object.keys(result.errors).length > 0 ? result : { values, errors: {} };
};

/**
 * The 'Informations' menu of the promotion record (docs/product/promotion-administration.md#informations-menu):
 * the settings form (read-only for brokers without the admin flag, and for everyone while the
 * promotion is archived), the registration link (not for a demo promotion), the CRM send, and
 * for admins the archiving of the promotion and its restoring.
 */
export const InformationsMenu = ({ promotionId, admin }: { promotionId: number; admin: boolean }) => {
  const record = usePromotionRecord(promotionId);
  if (record.isPending) return <Spinner />;
  // A failed load is the API client's toast (docs/product/promotion-administration.md#errors).
  if (!record.data) return null;
  const archived = record.data.archived_at !== null;
  return (
    <div className="space-y-6">
      <SettingsForm key={String(archived)} record={record.data} admin={admin && !archived} />
      {!record.data.is_demo && <RegistrationLinkField promotionId={promotionId} />}
      <CrmSendBlock promotionId={promotionId} admin={admin} />
      {admin && <ArchiveBlock record={record.data} />}
    </div>
  );
};

/**
 * 'Archiver la promotion' (with the spec's confirmation) and 'Restaurer la promotion'
 * (docs/product/promotion-administration.md#archived-promotion): the answer is the record; the
 * header's banner and the cards of 'Mes promotions' come from other answers, read again.
 */
const ArchiveBlock = ({ record }: { record: PromotionRecord }) => {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const archived = record.archived_at !== null;

  const handleChange = async (call: (id: number) => Promise<{ message: string; data: PromotionRecord }>) => {
    setPending(true);
    try {
      const answer = await call(record.id);
      queryClient.setQueryData(promotionKeys.record(record.id), answer.data);
      toast.success(answer.message);
      setConfirming(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['promotions', 'cards'] }),
      ]);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="promotion-archive-title" className="space-y-2 border-t border-slate-200 pt-4">
      <h2 id="promotion-archive-title" className="text-base font-semibold text-slate-900">
        Archivage
      </h2>
      {archived ? (
        <>
          <p className="text-sm text-slate-700">{PROMOTION_ARCHIVE_MESSAGES.archivedOn(formatDateTime(record.archived_at))}</p>
          <Button variant="secondary" loading={pending} onClick={() => handleChange(restorePromotion)}>
            {PROMOTION_ARCHIVE_MESSAGES.restore}
          </Button>
        </>
      ) : (
        <Button variant="secondary" className="text-red-700" onClick={() => setConfirming(true)}>
          {PROMOTION_ARCHIVE_MESSAGES.archive}
        </Button>
      )}
      {confirming && (
        <ConfirmModal
          title={PROMOTION_ARCHIVE_MESSAGES.archive}
          description={PROMOTION_ARCHIVE_MESSAGES.confirmArchive(record.title)}
          confirmLabel="Archiver"
          pending={pending}
          onConfirm={() => handleChange(archivePromotion)}
          onClose={() => setConfirming(false)}
        >
          <p className="text-sm text-slate-700">{PROMOTION_ARCHIVE_MESSAGES.archiveConsequences}</p>
        </ConfirmModal>
      )}
    </section>
  );
};

const SettingsForm = ({ record, admin }: { record: PromotionRecord; admin: boolean }) => {
  const queryClient = useQueryClient();
  const [logo, setLogo] = useState<Blob | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<SettingsFormValues>({ resolver, defaultValues: settingsFormValuesOf(record) });
  const url = watch('url').trim();
  // The save is offered only after a change, and again only after the next one.
  const changed = isDirty || logo !== null;

  const handleSave = async (values: SettingsFormValues) => {
    try {
      const saved = await savePromotionSettings(record.id, settingsFormData(values, record.multi_agency, logo));
      queryClient.setQueryData(promotionKeys.record(record.id), saved);
      reset(settingsFormValuesOf(saved));
      setLogo(null);
      toast.success(MESSAGES.changesSaved);
      // The header's title and logo and the cards come from other answers.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['promotions', 'cards'] }),
      ]);
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleSave)} aria-labelledby="promotion-informations-title" className="space-y-4">
      <h2 id="promotion-informations-title" className="text-base font-semibold text-slate-900">
        Informations
      </h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-500">Courtier principal</dt>
        <dd className="text-slate-900">{record.main_broker?.full_name ?? '—'}</dd>
        <dt className="text-slate-500">Agences</dt>
        <dd className="text-slate-900">{record.agencies.map((agency) => agency.name).join(', ') || '—'}</dd>
        <dt className="text-slate-500">Multi-agences</dt>
        <dd className="text-slate-900">{record.multi_agency ? 'Oui' : 'Non'}</dd>
      </dl>
      <fieldset disabled={!admin} className="space-y-4">
        <LogoPicker currentUrl={record.logo} onCropped={setLogo} disabled={!admin} />
        <div className="grid gap-4 md:grid-cols-2">
          <InputField label="Titre" required error={errors.title?.message} {...register('title')} />
          <div className="space-y-1">
            <InputField label="Site de la promotion" required error={errors.url?.message} {...register('url')} />
            {url !== '' && isWebAddress(url) && (
              <a
                href={webAddressHref(url)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                Tester le lien
              </a>
            )}
          </div>
          <InputField label="Identifiant Google Tag Manager" error={errors.gtm?.message} {...register('gtm')} />
          <InputField label="Adresse du rapport externe" error={errors.external_report_url?.message} {...register('external_report_url')} />
          {/* Days without a time: no time zone to state (a day picked is a Swiss day, stored as its Swiss midnight). */}
          <InputField label="Date de début" type="date" error={errors.start_at?.message} {...register('start_at')} />
          <InputField label="Date de fin" type="date" error={errors.end_at?.message} {...register('end_at')} />
          {record.multi_agency && (
            <InputField
              label="Délai de réservation (jours)"
              type="number"
              min={1}
              step={1}
              hint="Durée pendant laquelle une priorité 1 garde sa réservation"
              error={errors.reservation_timeout?.message}
              {...register('reservation_timeout')}
            />
          )}
        </div>
        <div className="flex flex-wrap gap-6">
          <Checkbox label="Partager les nouveaux candidats" {...register('share_new_candidates')} />
          <Checkbox label="Promotion de prestige" {...register('prestige')} />
        </div>
      </fieldset>
      {admin && (
        <Button type="submit" disabled={!changed} loading={isSubmitting}>
          Enregistrer
        </Button>
      )}
    </form>
  );
};
