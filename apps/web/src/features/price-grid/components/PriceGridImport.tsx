import {
  formatArea,
  formatCHF,
  formatNumber,
  formatRooms,
  PRICE_GRID_COLUMNS,
  PRICE_GRID_HEADER_ROWS,
  type PriceGridFieldChange,
  type PriceGridPreview,
  priceGridFileFormSchema,
} from '@promovente/shared';
import { FileSpreadsheet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { errorMessage } from '../../../lib/api';
import { schemaResolver } from '../../../lib/schema-resolver';
import { useApplyGrid, useDownloadGridTemplate, usePreviewGrid } from '../api/price-grid';
import { type GridStep, progressOf } from '../grid-progress';

/** Rows shown per section: a 5,000-lot grid is counted whole, its first rows listed. */
const SHOWN_ROWS = 200;

type FileForm = { files: FileList | null };

const shownValue = (change: PriceGridFieldChange, value: string) => {
  if (value === '') return '—';
  if (change.field === 'raw_price') return formatCHF(Number(value));
  if (change.field === 'nb_rooms') return formatRooms(Number(value));
  if (change.field.startsWith('area_')) return formatArea(Number(value));
  return value;
};

const ProgressBar = ({ step }: { step: GridStep }) => {
  const progress = progressOf(step);
  if (!progress) return null;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Progression de l'import"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.value ?? undefined}
        aria-valuetext={progress.label}
        className="h-2 w-full overflow-hidden rounded bg-slate-200"
      >
        <div
          className={
            progress.value === null ? 'h-full w-1/3 animate-pulse rounded bg-brand-700' : 'h-full rounded bg-brand-700 transition-all'
          }
          style={progress.value === null ? undefined : { width: `${progress.value}%` }}
        />
      </div>
      <p className="text-xs text-slate-600">{progress.label}</p>
    </div>
  );
};

const More = ({ total }: { total: number }) =>
  total > SHOWN_ROWS ? (
    <p className="mt-1 text-xs text-slate-500">
      {formatNumber(SHOWN_ROWS)} premières lignes affichées sur {formatNumber(total)}.
    </p>
  ) : null;

const cell = 'px-2 py-1 text-left align-top';

type LinesSectionProps<T> = {
  title: string;
  count: number;
  headers: string[];
  /** Every line of the kind; the first SHOWN_ROWS are shown. */
  lines: T[];
  keyOf: (line: T) => string | number;
  cellsOf: (line: T) => ReactNode[];
};

/** One kind of line of the preview: its title and count, then a scrolling table of its first lines. */
const LinesSection = <T,>({ title, count, headers, lines, keyOf, cellsOf }: LinesSectionProps<T>) => {
  const id = `price-grid-${title.replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title} ({formatNumber(count)})
      </h3>
      {count > 0 && (
        <section
          aria-label={title}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls is reachable by keyboard (WCAG 2.1.1), like DataTable
          tabIndex={0}
          className="max-h-60 overflow-y-auto rounded border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <table className="w-full text-xs">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                {headers.map((header) => (
                  <th key={header} className={cell}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lines.slice(0, SHOWN_ROWS).map((line) => (
                <tr key={keyOf(line)} className="border-t border-slate-100">
                  {cellsOf(line).map((content, index) => (
                    <td key={headers[index]} className={cell}>
                      {content}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <More total={lines.length} />
        </section>
      )}
    </section>
  );
};

const PreviewSections = ({ preview }: { preview: PriceGridPreview }) => (
  <div className="space-y-4">
    <p className="text-sm text-slate-700">
      {formatNumber(preview.counts.rows)} lignes lues dans « {preview.file_name} », feuille « {preview.sheet} » (en-tête à la ligne{' '}
      {preview.header_line}) ; {formatNumber(preview.counts.unchanged)} lots inchangés.
    </p>
    {preview.counts.refused > 0 && (
      <p role="status" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {formatNumber(preview.counts.refused)}{' '}
        {preview.counts.refused > 1 ? 'lignes refusées ne seront pas appliquées' : 'ligne refusée ne sera pas appliquée'} : leur motif est
        dans « Lignes refusées ». Corrigez le fichier et importez-le à nouveau pour les prendre en compte.
      </p>
    )}
    <LinesSection
      title="Lots à créer"
      count={preview.counts.create}
      headers={['Ligne', 'Lot', 'Immeuble', 'Étage', 'Type', 'Pièces', 'Prix']}
      lines={preview.creations}
      keyOf={({ line }) => line}
      cellsOf={({ line, lot }) => [
        line,
        lot.reference,
        lot.building,
        lot.floor,
        lot.type,
        formatRooms(lot.nb_rooms),
        formatCHF(lot.raw_price),
      ]}
    />
    <LinesSection
      title="Lots à modifier"
      count={preview.counts.change}
      headers={['Ligne', 'Lot', 'Modifications']}
      lines={preview.changes}
      keyOf={(change) => change.line}
      cellsOf={(change) => [
        change.line,
        change.reference,
        <ul key="changes">
          {change.changes.map((c) => (
            <li key={c.field}>
              {c.label} : {shownValue(c, c.from)} → {shownValue(c, c.to)}
            </li>
          ))}
        </ul>,
      ]}
    />
    <LinesSection
      title="Lignes refusées"
      count={preview.counts.refused}
      headers={['Ligne', 'Lot', 'Colonne', 'Motif']}
      lines={preview.refused}
      keyOf={(refusal) => `${refusal.line}-${refusal.column}`}
      cellsOf={(refusal) => [refusal.line, refusal.reference ?? '—', refusal.column ?? '—', refusal.reason]}
    />
  </div>
);

/**
 * The price-grid import of the promotion record's 'Lots' menu (issue 11, admins): choose the
 * .xlsx (the columns of 'Liste des lots'), see what it would create, change and refuse, then
 * apply it in one transaction (docs/sales-process.md#price-grid-import-built).
 */
export const PriceGridImport = ({ promotionId }: { promotionId: number }) => {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<GridStep>({ phase: 'idle' });
  const [preview, setPreview] = useState<PriceGridPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const previewGrid = usePreviewGrid(promotionId);
  const applyGrid = useApplyGrid(promotionId);
  const template = useDownloadGridTemplate(promotionId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FileForm>({ resolver: schemaResolver<FileForm>(priceGridFileFormSchema), defaultValues: { files: null } });

  const busy = previewGrid.isPending || applyGrid.isPending;

  const close = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (!next) {
      setStep({ phase: 'idle' });
      setPreview(null);
      setFailure(null);
      reset();
    }
  };

  const read = async ({ files }: FileForm) => {
    const file = files?.[0];
    if (!file) return;
    setPreview(null);
    setFailure(null);
    setStep({ phase: 'upload', share: 0 });
    try {
      const answer = await previewGrid.mutateAsync({
        file,
        onUploaded: (share) => setStep(share >= 1 ? { phase: 'read' } : { phase: 'upload', share }),
      });
      setPreview(answer);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setStep({ phase: 'idle' });
    }
  };

  const applyPreview = async () => {
    if (!preview) return;
    setFailure(null);
    setStep({ phase: 'check', processed: 0, total: preview.counts.rows });
    try {
      const result = await applyGrid.mutateAsync({
        importId: preview.id,
        onProgress: (event) => setStep({ phase: event.phase, processed: event.processed, total: event.total }),
      });
      toast.success(result.message);
      setStep({ phase: 'idle' });
      setPreview(null);
      setOpen(false);
      reset();
    } catch (error) {
      setStep({ phase: 'idle' });
      setFailure(errorMessage(error));
    }
  };

  const applicable = preview !== null && preview.counts.create + preview.counts.change > 0;

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <FileSpreadsheet className="size-4" aria-hidden="true" />
        Importer une grille de prix
      </Button>
      <Modal
        open={open}
        onOpenChange={close}
        title="Importer une grille de prix"
        size="wide"
        footer={
          <>
            <Button variant="secondary" onClick={() => close(false)} disabled={busy}>
              Annuler
            </Button>
            <Button onClick={applyPreview} disabled={!applicable || busy} loading={applyGrid.isPending}>
              Appliquer
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          <div className="space-y-1 text-sm text-slate-700">
            <p>
              Le fichier .xlsx ou .ods reprend les colonnes de la « Liste des lots » : {PRICE_GRID_COLUMNS.map((c) => c.header).join(', ')}.
              La colonne Lot (la référence) est obligatoire ; une référence connue modifie le lot, une nouvelle le crée. Les colonnes
              Statut, Prix total, PRS et Candidats sont ignorées. La grille est lue sur la première feuille visible dont l'en-tête nomme la
              colonne Lot, dans ses {PRICE_GRID_HEADER_ROWS} premières lignes ; un prix vide ou une formule sans résultat enregistré refuse
              la ligne.
            </p>
            <Button variant="ghost" size="sm" onClick={() => template.mutate()} loading={template.isPending}>
              Télécharger la liste actuelle comme modèle
            </Button>
          </div>
          <form noValidate onSubmit={handleSubmit(read)} className="flex items-end gap-2">
            <InputField
              label="Fichier de la grille (.xlsx ou .ods)"
              type="file"
              accept=".xlsx,.ods,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet"
              error={errors.files?.message}
              className="flex-1"
              disabled={busy}
              {...register('files')}
            />
            <Button type="submit" variant="secondary" loading={previewGrid.isPending} disabled={busy}>
              Prévisualiser
            </Button>
          </form>
          <ProgressBar step={step} />
          {failure && (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          )}
          {preview && <PreviewSections preview={preview} />}
        </div>
      </Modal>
    </>
  );
};
