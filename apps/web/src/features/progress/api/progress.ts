import { API, MULTIPART_LIMITS, PHOTO_LIMITS } from '@promovente/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '../../../lib/api-client';

/** The calls of 'Avancement' (docs/product/progress.md#calls). */
export const progressKeys = {
  all: ['photoGroups'] as const,
  list: (promotion: number | null, lot: number | null, page: number) => ['photoGroups', promotion, lot, page] as const,
  photos: (groupId: number) => ['photoGroups', 'photos', groupId] as const,
};

/** Photo links are signed for 5 minutes: the lists are read again before they expire. */
const SIGNED_LINKS_REFRESH_MS = 4 * 60_000;

export const usePhotoGroups = (promotion: number | null, lot: number | null, page: number) =>
  useQuery({
    queryKey: progressKeys.list(promotion, lot, page),
    queryFn: ({ signal }) =>
      call(API.listPhotoGroups, { query: { promotion: promotion ?? undefined, lot: lot ?? undefined, page } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    refetchInterval: SIGNED_LINKS_REFRESH_MS,
  });

/** GET photos: every photo of an album, for the carousel. */
export const useAlbumPhotos = (groupId: number | null) =>
  useQuery({
    queryKey: progressKeys.photos(groupId ?? 0),
    queryFn: ({ signal }) => call(API.listPhotos, { query: { photo_group_id: groupId ?? undefined } }, { signal }).then((r) => r.data),
    enabled: groupId !== null,
    staleTime: 60_000,
    refetchInterval: SIGNED_LINKS_REFRESH_MS,
  });

export type AlbumValues = {
  name: string;
  date: string;
  comment: string;
  lot_id: number | null;
  hidden: boolean;
  home_page: boolean;
};

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: progressKeys.all });
};

/** POST promotions/{id}/photoGroups, or PUT promotions/{id}/photoGroups/{groupId}. */
export const useSaveAlbum = (promotionId: number) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: AlbumValues }) => {
      const body = { ...values, promotion_id: promotionId };
      return id === null
        ? call(API.createPhotoGroup, { params: { id: promotionId }, body })
        : call(API.updatePhotoGroup, { params: { id: promotionId, groupId: id }, body });
    },
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: refresh,
  });
};

export const useDeleteAlbum = (promotionId: number) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (groupId: number) => call(API.deletePhotoGroup, { params: { id: promotionId, groupId } }),
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: refresh,
  });
};

export const useDeletePhoto = (promotionId: number) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (photoId: number) => call(API.deletePhoto, { params: { id: promotionId, photoId } }),
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: refresh,
  });
};

/** The bytes of files one request may carry: the server's whole-request limit, less the room of the form. */
export const BATCH_MAX_BYTES = MULTIPART_LIMITS.requestBytes - MULTIPART_LIMITS.formBytes;

/**
 * The batches an upload is sent in (docs/decisions/020-progress-photos-and-home.md): a few files
 * per request, and never more bytes than a request may carry (a few videos fill one).
 */
export const batchesOf = <T>(
  items: readonly T[],
  sizeOf: (item: T) => number = () => 0,
  size: number = PHOTO_LIMITS.clientBatch,
): T[][] => {
  const batches: T[][] = [];
  let bytes = 0;
  for (const item of items) {
    const last = batches.at(-1);
    if (!last || last.length >= size || bytes + sizeOf(item) > BATCH_MAX_BYTES) {
      batches.push([item]);
      bytes = sizeOf(item);
    } else {
      last.push(item);
      bytes += sizeOf(item);
    }
  }
  return batches;
};

/**
 * POST promotions/{id}/photos, batch after batch: `onProgress(sent, total)` after each, so the
 * screen shows 'n / 40'. A refused batch stops the upload (the batches before it are kept).
 */
export const useUploadPhotos = (promotionId: number) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      groupId,
      files,
      onProgress,
    }: {
      groupId: number;
      files: File[];
      onProgress: (sent: number, total: number) => void;
    }) => {
      let sent = 0;
      onProgress(0, files.length);
      let message = '';
      for (const batch of batchesOf(files, (file) => file.size)) {
        const form = new FormData();
        form.append('promotion_id', String(promotionId));
        form.append('photo_group_id', String(groupId));
        for (const file of batch) form.append('photos[]', file, file.name);
        message = (await call(API.addPhotos, { params: { id: promotionId }, form })).message ?? message;
        sent += batch.length;
        onProgress(sent, files.length);
      }
      return { message };
    },
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: refresh,
  });
};
