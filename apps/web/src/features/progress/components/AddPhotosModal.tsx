import type { PhotoGroup } from '@promovente/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { useUploadPhotos } from '../api/progress';

/**
 * Add photos and videos to an album (docs/product/progress.md#rules): several files at once, sent in small
 * batches with their progress 'n / total'; the submit stays disabled while sending.
 */
export const AddPhotosModal = ({ promotionId, album, onClose }: { promotionId: number; album: PhotoGroup; onClose: () => void }) => {
  const upload = useUploadPhotos(promotionId);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const handleSend = async () => {
    const answer = await upload
      .mutateAsync({ groupId: album.id, files, onProgress: (sent, total) => setProgress({ sent, total }) })
      .catch(() => null);
    if (answer) onClose();
  };
  return (
    <Modal open onOpenChange={(open) => !open && !upload.isPending && onClose()} title={`Ajouter des photos à ${album.name}`}>
      <Field id="album-photos" label="Photos et vidéos" hint="JPG, PNG ou WebP jusqu'à 10 Mo ; MP4, WebM ou MOV jusqu'à 50 Mo.">
        <input
          id="album-photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,video/mp4,video/webm,video/quicktime"
          disabled={upload.isPending}
          onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
          className="block w-full text-sm"
        />
      </Field>
      {progress && (
        <div className="mt-3 space-y-1">
          <progress className="w-full" max={progress.total} value={progress.sent} aria-label="Envoi des photos" />
          <p className="text-sm text-slate-700" aria-live="polite">
            {progress.sent} / {progress.total}
          </p>
        </div>
      )}
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={upload.isPending}>
          Annuler
        </Button>
        <Button onClick={handleSend} disabled={files.length === 0 || upload.isPending} loading={upload.isPending}>
          Envoyer
        </Button>
      </div>
    </Modal>
  );
};
