import {
  formatDate,
  formatFileSize,
  LIBRARY_MESSAGES,
  type LibraryFile,
  libraryMinStatusLabel,
  MESSAGES,
  type OwnDocument,
} from '@promovente/shared';
import { ChevronRight, Download, Eye, FileText, Folder } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { MultiSelect } from '../../../components/ui/MultiSelect';
import { Pagination } from '../../../components/ui/Pagination';
import { inDemoMode, useUser } from '../../../lib/auth';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { type LibraryListQuery, useDeleteLibraryFile, useFileTypes, useLibrary, useOpenDocument } from '../api/library';
import { FileFormModal } from './FileFormModal';
import { LibraryLogModal } from './LibraryLogModal';

const TYPE_FILTER_TITLE = 'type de document';

/** The explorer's state lives in the URL: search, types kept, folder opened, page. */
const readQuery = (params: URLSearchParams): LibraryListQuery => {
  const types = params.get('types');
  const folder = Number(params.get('folder'));
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    types: types === null ? null : types.split(',').map(Number).filter(Number.isInteger),
    folder: Number.isInteger(folder) && folder > 0 ? folder : null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
};

type DocumentActionsProps = { uuid: string; name: string };

/** Ouvrir (a new tab) and Télécharger: each asks its signed link, which the server logs. */
const DocumentActions = ({ uuid, name }: DocumentActionsProps) => {
  const open = useOpenDocument();
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Ouvrir ${name}`}
        loading={open.isPending && !open.variables?.download}
        onClick={() => open.mutate({ uuid, download: false })}
      >
        <Eye className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">Ouvrir</span>
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Télécharger ${name}`}
        loading={open.isPending && open.variables?.download === true}
        onClick={() => open.mutate({ uuid, download: true })}
      >
        <Download className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">Télécharger</span>
      </Button>
    </>
  );
};

/** 'Mes documents': the files of the candidate's own candidacies, before the library. */
const OwnDocuments = ({ documents }: { documents: OwnDocument[] }) => (
  <section aria-labelledby="own-documents" className="rounded-lg border border-slate-200 bg-white p-4">
    <h2 id="own-documents" className="mb-3 text-base font-semibold text-slate-900">
      Mes documents
    </h2>
    {documents.length === 0 ? (
      <p className="text-sm text-slate-600">Vous n'avez pas encore de document.</p>
    ) : (
      <ul className="divide-y divide-slate-100">
        {documents.map((document) => (
          <li key={document.id} className="flex flex-wrap items-center gap-2 py-2">
            <FileText className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="min-w-0 flex-1 break-words text-sm text-slate-800">{document.name}</span>
            <span className="text-xs text-slate-500">
              {formatDate(document.created_at)} · {formatFileSize(document.size)}
            </span>
            <DocumentActions uuid={document.uuid} name={document.name} />
          </li>
        ))}
      </ul>
    )}
  </section>
);

/**
 * Documents (docs/product/documents.md#screens): a candidate's own documents first, then the
 * promotion's library: search, the type filter, folders with their counts, the files without
 * folder; add, edit and delete for architects, brokers and pilots; the data-room log for brokers
 * and pilots.
 */
export const DocumentsPage = () => {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const library = useLibrary(user.data?.preferences.selected_promotion ?? null, query);
  // The promotion the server listed (the current one): the calls of the modals name it.
  const promotionId = library.data?.promotion_id ?? null;
  const types = useFileTypes();
  const remove = useDeleteLibraryFile(promotionId ?? 0);
  const [search, setSearch] = useState(query.search);
  const [modal, setModal] = useState<
    | { type: 'add' }
    | { type: 'edit'; file: LibraryFile }
    | { type: 'delete'; file: LibraryFile }
    | { type: 'log'; file: LibraryFile | null }
    | null
  >(null);

  const update = (changes: Partial<Record<'search' | 'types' | 'folder' | 'page', string | null>>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  const applySearch = useDebouncedCallback((value: string) => update({ search: value }), 300);

  const typeOptions = (types.data ?? []).map((type) => ({ value: type.id, label: type.name }));
  const selectedTypes = query.types ?? typeOptions.map((option) => option.value);
  const page = library.data;
  // Demo mode adds no file, whatever the server offers (docs/product/documents.md#rules).
  const canUpload = Boolean(page?.can_upload) && !inDemoMode(user.data);
  const files = page?.files.data ?? [];
  const filtering = query.search.trim() !== '' || query.types !== null;

  const handleDelete = async (file: LibraryFile) => {
    try {
      await remove.mutateAsync(file.id);
      setModal(null);
    } catch {
      // The toast said why.
    }
  };

  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4 sm:p-6">
      <h1 className="text-xl font-semibold text-slate-900">Documents</h1>
      {page?.own && <OwnDocuments documents={page.own} />}

      <section aria-labelledby="library-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="library-title" className="mr-auto text-base font-semibold text-slate-900">
            Bibliothèque
          </h2>
          {page?.can_read_log && (
            <Button variant="secondary" size="sm" onClick={() => setModal({ type: 'log', file: null })}>
              Journal de la data room
            </Button>
          )}
          {canUpload && (
            <Button size="sm" onClick={() => setModal({ type: 'add' })}>
              Ajouter un fichier
            </Button>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-40 flex-1 basis-48 flex-col gap-1 text-sm font-medium text-slate-700">
            Rechercher un document
            <input
              type="search"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                applySearch(e.target.value);
              }}
              className="h-9 w-full rounded-md border border-slate-300 px-3 text-sm font-normal"
            />
          </label>
          {typeOptions.length > 0 && (
            <MultiSelect
              label="Types de document"
              options={typeOptions}
              selected={selectedTypes}
              onChange={(next) => update({ types: next.length === typeOptions.length ? null : next.join(',') })}
              onEmpty={() => toast.warning(MESSAGES.selectAtLeastOne(TYPE_FILTER_TITLE))}
            />
          )}
        </div>

        {page?.folder && (
          <nav aria-label="Fil d'Ariane" className="flex items-center gap-1 text-sm">
            <button type="button" className="text-brand-700 hover:underline" onClick={() => update({ folder: null })}>
              Tous les documents
            </button>
            <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
            <span className="font-medium text-slate-800">{page.folder.name}</span>
          </nav>
        )}

        {page && page.folders.length > 0 && (
          <ul aria-label="Dossiers" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {page.folders.map((folder) => (
              <li key={folder.id}>
                <button
                  type="button"
                  onClick={() => update({ folder: String(folder.id) })}
                  className="flex w-full items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-left text-sm hover:bg-slate-50"
                >
                  <Folder className="size-4 text-brand-700" aria-hidden="true" />
                  <span className="flex-1 font-medium text-slate-800">{folder.name}</span>
                  <Badge>{folder.files_count === 1 ? '1 document' : `${folder.files_count} documents`}</Badge>
                </button>
              </li>
            ))}
          </ul>
        )}

        {page && files.length === 0 && page.folders.length === 0 && (
          <p className="text-sm text-slate-600">{filtering ? LIBRARY_MESSAGES.noResult : LIBRARY_MESSAGES.emptyLibrary}</p>
        )}

        {files.length > 0 && (
          <ul aria-label="Fichiers" className="divide-y divide-slate-100">
            {files.map((file) => (
              <li key={file.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 py-2">
                <FileText className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                <span className="min-w-0 flex-1 basis-40 break-words text-sm font-medium text-slate-800">{file.name}</span>
                {file.type && <Badge>{file.type.name}</Badge>}
                {file.access && (
                  <span className="text-xs text-slate-500">
                    {file.access.access_candidate ? `Candidats dès ${libraryMinStatusLabel(file.access.candidate_min_status)}` : 'Équipe'}
                  </span>
                )}
                <span className="text-xs text-slate-500">
                  {formatDate(file.created_at)} · {formatFileSize(file.size)}
                </span>
                <span className="flex flex-wrap gap-1">
                  <DocumentActions uuid={file.uuid} name={file.name} />
                  {page?.can_read_log && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Journal de ${file.name}`}
                      onClick={() => setModal({ type: 'log', file })}
                    >
                      Journal
                    </Button>
                  )}
                  {page?.can_manage && (
                    <>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Modifier ${file.name}`}
                        onClick={() => setModal({ type: 'edit', file })}
                      >
                        Modifier
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700"
                        aria-label={`Supprimer ${file.name}`}
                        onClick={() => setModal({ type: 'delete', file })}
                      >
                        Supprimer
                      </Button>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        {page && page.files.last_page > 1 && (
          <Pagination
            currentPage={page.files.current_page}
            lastPage={page.files.last_page}
            onPageChange={(p) => update({ page: String(p) })}
          />
        )}
      </section>

      {promotionId !== null && modal?.type === 'add' && (
        <FileFormModal promotionId={promotionId} file={null} canUpload={canUpload} onClose={() => setModal(null)} />
      )}
      {promotionId !== null && modal?.type === 'edit' && (
        <FileFormModal promotionId={promotionId} file={modal.file} canUpload={canUpload} onClose={() => setModal(null)} />
      )}
      {modal?.type === 'log' && <LibraryLogModal promotionId={promotionId} file={modal.file} onClose={() => setModal(null)} />}
      {modal?.type === 'delete' && (
        <ConfirmModal
          title="Supprimer le fichier"
          pending={remove.isPending}
          onConfirm={() => handleDelete(modal.file)}
          onClose={() => setModal(null)}
        >
          <p className="text-sm text-slate-700">{LIBRARY_MESSAGES.confirmDelete}</p>
          <p className="mt-1 text-sm font-medium text-slate-900">{modal.file.name}</p>
        </ConfirmModal>
      )}
    </div>
  );
};
