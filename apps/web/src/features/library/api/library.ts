import { API, type LibraryLogPage, type LibraryLogPerson, type LibraryPage } from '@promovente/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '../../../lib/api-client';

/** The documents library's calls (docs/product/documents.md#calls). */
export const libraryKeys = {
  all: ['library'] as const,
  page: (promotionId: number | null, query: LibraryListQuery) => ['library', 'page', promotionId, query] as const,
  folders: (promotionId: number | null) => ['library', 'folders', promotionId] as const,
  log: (promotionId: number | null, filter: LogFilter) => ['library', 'log', promotionId, filter] as const,
  logPeople: (promotionId: number | null, fileId: number | null) => ['library', 'log-people', promotionId, fileId] as const,
};

export type LibraryListQuery = { search: string; types: number[] | null; folder: number | null; page: number };

/** GET /files?promotion={id}: the explorer (folders, files of the folder) and 'Mes documents' for a candidate. */
export const useLibrary = (promotionId: number | null, query: LibraryListQuery) =>
  useQuery<LibraryPage>({
    queryKey: libraryKeys.page(promotionId, query),
    queryFn: ({ signal }) =>
      call(
        API.listLibrary,
        {
          query: {
            promotion: promotionId ?? undefined,
            search: query.search.trim() || undefined,
            types: query.types ? query.types.join(',') : undefined,
            folder: query.folder ?? undefined,
            page: query.page,
          },
        },
        { signal },
      ).then((answer) => answer.data),
    placeholderData: keepPreviousData,
  });

/** GET /files_types: the document types (reference data). */
export const useFileTypes = () =>
  useQuery({
    queryKey: ['library', 'types'],
    queryFn: () => call(API.listFileTypes).then((answer) => answer.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /files_folders: the folder picker of the add and edit modal. */
export const useFolders = (promotionId: number | null) =>
  useQuery({
    queryKey: libraryKeys.folders(promotionId),
    queryFn: () => call(API.listLibraryFolders, { query: { promotion: promotionId ?? undefined } }).then((answer) => answer.data),
  });

/** POST /promotions/{id}/files (add) or /promotions/{id}/files/{fileId} (edit): multipart. */
export const useSaveLibraryFile = (promotionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, form }: { fileId: number | null; form: FormData }) =>
      fileId === null
        ? call(API.addLibraryFile, { params: { id: promotionId }, form })
        : call(API.updateLibraryFile, { params: { id: promotionId, fileId }, form }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    },
  });
};

/** DELETE /promotions/{id}/files/{fileId}. */
export const useDeleteLibraryFile = (promotionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => call(API.deleteLibraryFile, { params: { id: promotionId, fileId } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    },
  });
};

/**
 * GET file-url/{uuid}: the signed link, opened in a new tab (a library file opens in the
 * browser; with `download` it is saved). The server logs the view or download for the data room.
 */
export const useOpenDocument = () =>
  useMutation({
    mutationFn: ({ uuid, download }: { uuid: string; download: boolean }) =>
      call(API.getFileUrl, { params: { uuid }, query: { download: download ? '1' : undefined } }).then((answer) => answer.data.url),
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
    },
  });

export type LogFilter = { fileId: number | null; userId: number | null; page: number };

/** GET /files_log: the data-room log, per file and per person. */
export const useLibraryLog = (promotionId: number | null, filter: LogFilter) =>
  useQuery<LibraryLogPage>({
    queryKey: libraryKeys.log(promotionId, filter),
    queryFn: () =>
      call(API.readLibraryLog, {
        query: {
          promotion: promotionId ?? undefined,
          file_id: filter.fileId ?? undefined,
          user_id: filter.userId ?? undefined,
          page: filter.page,
        },
      }).then((answer) => answer.data),
    placeholderData: keepPreviousData,
  });

/** GET /files_log/people: the 'Personne' filter of the log, read once when it opens (not with each page). */
export const useLibraryLogPeople = (promotionId: number | null, fileId: number | null) =>
  useQuery<LibraryLogPerson[]>({
    queryKey: libraryKeys.logPeople(promotionId, fileId),
    queryFn: () =>
      call(API.readLibraryLogPeople, { query: { promotion: promotionId ?? undefined, file_id: fileId ?? undefined } }).then(
        (answer) => answer.data,
      ),
  });

/** GET /files_log/download: the .xlsx export, opened by its signed link. */
export const useExportLibraryLog = (promotionId: number | null) =>
  useMutation({
    mutationFn: (filter: Omit<LogFilter, 'page'>) =>
      call(API.downloadLibraryLog, {
        query: { promotion: promotionId ?? undefined, file_id: filter.fileId ?? undefined, user_id: filter.userId ?? undefined },
      }).then((answer) => answer.data.url),
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
    },
  });
