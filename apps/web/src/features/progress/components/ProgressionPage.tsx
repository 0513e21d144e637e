import { formatAlbumDate, lotOptionLabel, type Photo, type PhotoGroup, PROGRESS_MESSAGES, yesNo } from '@promovente/shared';
import { Pencil, Plus, Trash2, Upload, X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Carousel } from '../../../components/ui/Carousel';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { SelectField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { inDemoMode, useUser } from '../../../lib/auth';
import { useAlbumPhotos, useDeleteAlbum, useDeletePhoto, usePhotoGroups } from '../api/progress';
import { AddPhotosModal } from './AddPhotosModal';
import { AlbumFormModal } from './AlbumFormModal';

const numberParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** The carousel of one album (docs/product/progress.md#rules: one slide, 3000 ms, arrows, 1300 px images). */
const AlbumCarouselModal = ({ album, startIndex, onClose }: { album: PhotoGroup; startIndex: number; onClose: () => void }) => {
  const photos = useAlbumPhotos(album.id);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={album.name} description={formatAlbumDate(album.date)} size="wide">
      {photos.data ? <Carousel slides={photos.data} startIndex={startIndex} /> : <Spinner />}
    </Modal>
  );
};

type Dialog =
  | { kind: 'form'; album: PhotoGroup | null }
  | { kind: 'photos'; album: PhotoGroup }
  | { kind: 'delete'; album: PhotoGroup }
  | { kind: 'deletePhoto'; photo: Photo }
  | { kind: 'carousel'; album: PhotoGroup; index: number }
  | null;

/**
 * 'Avancement' (docs/product/progress.md#screens): the albums, newest first. Brokers and pilots
 * add, edit and delete albums and photos; the others read the visible albums and open the
 * carousel. The lot filter lives in the URL (?lot=) with its reset link.
 */
export const ProgressionPage = () => {
  const [params, setParams] = useSearchParams();
  const lot = numberParam(params.get('lot'));
  const page = numberParam(params.get('page')) ?? 1;
  const user = useUser().data;
  const groups = usePhotoGroups(user?.preferences.selected_promotion ?? null, lot, page);
  const [dialog, setDialog] = useState<Dialog>(null);
  const data = groups.data;
  const promotionId = data?.promotion_id ?? 0;
  const deleteAlbum = useDeleteAlbum(promotionId);
  const deletePhoto = useDeletePhoto(promotionId);

  const handleLot = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === '') next.delete('lot');
      else next.set('lot', value);
      next.delete('page');
      return next;
    });
  const handlePage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('page', String(next));
      return updated;
    });
  const handleDelete = async (album: PhotoGroup) => {
    const answer = await deleteAlbum.mutateAsync(album.id).catch(() => null);
    if (answer) setDialog(null);
  };
  const handleDeletePhoto = async (photo: Photo) => {
    const answer = await deletePhoto.mutateAsync(photo.id).catch(() => null);
    if (answer) setDialog(null);
  };

  if (!data) return <Spinner />;
  const manages = data.can_manage;
  const chosenLot = data.lot_options.find((option) => option.id === lot) ?? null;
  // Demo users (the account's flag, or signed in from the demo page) add no photo and see the demo video.
  const demo = inDemoMode(user);
  const addsPhotos = data.can_add_photos && !demo;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{PROGRESS_MESSAGES.title}</h1>
        <div className="flex flex-wrap items-end gap-3">
          {data.lot_options.length > 0 && (
            <SelectField
              label="Lot"
              inline
              value={lot ?? ''}
              title={chosenLot ? lotOptionLabel(chosenLot) : undefined}
              onChange={(event) => handleLot(event.target.value)}
            >
              <option value="">Tous les lots</option>
              {data.lot_options.map((option) => (
                <option key={option.id} value={option.id}>
                  {lotOptionLabel(option)}
                </option>
              ))}
            </SelectField>
          )}
          {manages && (
            <Button onClick={() => setDialog({ kind: 'form', album: null })}>
              <Plus className="size-4" aria-hidden="true" /> Ajouter un album
            </Button>
          )}
        </div>
      </div>
      {lot !== null && (
        <p className="text-sm text-slate-700">
          Albums du lot {data.lot?.full_title ?? lot}.{' '}
          <button type="button" className="text-sky-700 underline" onClick={() => handleLot('')}>
            {PROGRESS_MESSAGES.resetLot}
          </button>
        </p>
      )}
      {demo && data.demo_video && (
        <section aria-labelledby="demo-video" className="rounded-lg border border-slate-200 bg-white p-3">
          <h2 id="demo-video" className="mb-2 text-sm font-semibold text-slate-800">
            Vidéo de démonstration
          </h2>
          {/* biome-ignore lint/a11y/useMediaCaption: a building-site video without speech */}
          <video src={data.demo_video} controls preload="metadata" className="max-h-96 w-full rounded" />
        </section>
      )}
      {data.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{PROGRESS_MESSAGES.empty}</p>
      ) : (
        <ul className="space-y-4">
          {data.data.map((album) => (
            <li key={album.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 className="text-base font-semibold text-slate-900">{album.name}</h2>
                  <p className="text-sm text-slate-600">
                    {formatAlbumDate(album.date)}
                    {album.lot && ` · Lot ${album.lot.full_title}`} · {album.photos_count} photo{album.photos_count > 1 ? 's' : ''}
                  </p>
                  {album.comment && <p className="mt-1 text-sm text-slate-700">{album.comment}</p>}
                </div>
                {manages && (
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge>Visible : {yesNo(!album.hidden)}</Badge>
                    <Badge>Homepage : {yesNo(album.home_page)}</Badge>
                    {addsPhotos && (
                      <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'photos', album })}>
                        <Upload className="size-4" aria-hidden="true" /> Ajouter des photos
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setDialog({ kind: 'form', album })}
                      aria-label={`Modifier l'album ${album.name}`}
                    >
                      <Pencil className="size-4" aria-hidden="true" /> Modifier
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => setDialog({ kind: 'delete', album })}
                      aria-label={`Supprimer l'album ${album.name}`}
                    >
                      <Trash2 className="size-4" aria-hidden="true" /> Supprimer
                    </Button>
                  </div>
                )}
              </div>
              {album.photos.length > 0 && (
                <ul className="mt-3 flex flex-wrap gap-2">
                  {album.photos.map((photo, index) => (
                    <li key={photo.id} className="relative">
                      <button
                        type="button"
                        onClick={() => setDialog({ kind: 'carousel', album, index })}
                        className="block overflow-hidden rounded focus-visible:outline-2 focus-visible:outline-sky-600"
                        aria-label={`Voir ${photo.name}`}
                      >
                        {photo.is_video ? (
                          <span className="flex h-20 w-28 items-center justify-center bg-slate-800 text-xs text-white">Vidéo</span>
                        ) : (
                          <img src={photo.url_160h ?? photo.url} alt={photo.name} className="h-20 w-auto" loading="lazy" />
                        )}
                      </button>
                      {manages && (
                        <button
                          type="button"
                          onClick={() => setDialog({ kind: 'deletePhoto', photo })}
                          className="absolute top-1 right-1 rounded-full bg-white/90 p-0.5 text-red-700 shadow"
                          aria-label={`Retirer la photo ${photo.name}`}
                        >
                          <X className="size-3.5" aria-hidden="true" />
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {data.last_page > 1 && <Pagination currentPage={data.current_page} lastPage={data.last_page} onPageChange={handlePage} />}

      {dialog?.kind === 'form' && (
        <AlbumFormModal
          promotionId={promotionId}
          album={dialog.album}
          lots={data.lot_options}
          choosesLot={user?.type !== 'pilot'}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'photos' && <AddPhotosModal promotionId={promotionId} album={dialog.album} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'carousel' && <AlbumCarouselModal album={dialog.album} startIndex={dialog.index} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          title={`Supprimer l'album ${dialog.album.name}`}
          pending={deleteAlbum.isPending}
          onConfirm={() => handleDelete(dialog.album)}
          onClose={() => setDialog(null)}
        >
          <p className="text-sm text-slate-700">{PROGRESS_MESSAGES.deleteAlbumConfirm}</p>
        </ConfirmModal>
      )}
      {dialog?.kind === 'deletePhoto' && (
        <ConfirmModal
          title={`Supprimer la photo ${dialog.photo.name}`}
          pending={deletePhoto.isPending}
          onConfirm={() => handleDeletePhoto(dialog.photo)}
          onClose={() => setDialog(null)}
        >
          <p className="text-sm text-slate-700">{PROGRESS_MESSAGES.deletePhotoConfirm}</p>
        </ConfirmModal>
      )}
    </div>
  );
};
