import { formatDateTime, MARKETING_MESSAGES, type MarketingReport, reportVisitsMinimum } from '@promovente/shared';
import { Download, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { Spinner } from '../../../components/ui/Spinner';
import { useReportCalls, useReports } from '../api/reports';
import { ReportFormModal } from './ReportFormModal';

/** The marketing reports: N° (per promotion), creation date, visits, future visits, download and delete (docs/product/marketing.md#screens). */
export const ReportsTable = ({ promotionId, canEdit }: { promotionId: number; canEdit: boolean }) => {
  const reports = useReports(promotionId);
  const calls = useReportCalls(promotionId);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<MarketingReport | null>(null);
  const rows = reports.data;
  return (
    <section aria-labelledby="reports-title" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="reports-title" className="text-lg font-semibold text-slate-900">
          Rapports
        </h2>
        {canEdit && (
          <Button onClick={() => setAdding(true)} disabled={!rows}>
            <Plus className="size-4" aria-hidden="true" />
            Ajouter un rapport
          </Button>
        )}
      </div>
      {!rows ? (
        <div className="flex justify-center py-6">{reports.isError ? null : <Spinner />}</div>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">{MARKETING_MESSAGES.noReport}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" aria-label="Tableau des rapports">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2 font-medium">
                  N°
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Date de création
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Visites
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Visites futures
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  <span className="sr-only">Télécharger</span>
                </th>
                {canEdit && (
                  <th scope="col" className="px-2 py-2 font-medium">
                    <span className="sr-only">Supprimer</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((report) => (
                <tr key={report.id}>
                  <td className="px-2 py-2">{report.number}</td>
                  <td className="px-2 py-2">{formatDateTime(report.created_at)}</td>
                  <td className="px-2 py-2 text-right">{report.number_of_visits}</td>
                  <td className="px-2 py-2 text-right">{report.number_of_future_visits}</td>
                  <td className="px-2 py-2">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Télécharger le rapport ${report.number}`}
                      loading={calls.download.isPending && calls.download.variables === report.id}
                      onClick={() => calls.download.mutate(report.id)}
                    >
                      <Download className="size-4" aria-hidden="true" />
                      {/* A phone keeps the icon: the button's name says it. */}
                      <span className="max-sm:sr-only">Télécharger</span>
                    </Button>
                  </td>
                  {canEdit && (
                    <td className="px-2 py-2">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Supprimer le rapport ${report.number}`}
                        onClick={() => setToDelete(report)}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        <span className="max-sm:sr-only">Supprimer</span>
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {adding && rows && <ReportFormModal promotionId={promotionId} minimum={reportVisitsMinimum(rows)} onClose={() => setAdding(false)} />}
      {toDelete && (
        <ConfirmModal
          title="Supprimer le rapport"
          pending={calls.remove.isPending}
          onConfirm={() => calls.remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) })}
          onClose={() => setToDelete(null)}
        >
          <p className="text-sm text-slate-700">{MARKETING_MESSAGES.confirmDeleteReport}</p>
        </ConfirmModal>
      )}
    </section>
  );
};
