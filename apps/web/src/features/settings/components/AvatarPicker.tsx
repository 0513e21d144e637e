import { useEffect, useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { errorMessage } from '../../../lib/api';
import { cropToPng } from '../../../lib/crop-image';

type AvatarPickerProps = { name: string; currentUrl: string | null; onCropped: (blob: Blob | null) => void };

/** Chooses a picture, crops a square of it and hands back a 150x150 PNG. */
export const AvatarPicker = ({ name, currentUrl, onCropped }: AvatarPickerProps) => {
  const inputId = useId();
  const [source, setSource] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const handleFile = (file: File | undefined) => {
    if (!file) return;
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setSource(URL.createObjectURL(file));
  };

  const handleConfirm = async () => {
    if (!source || !area) return;
    try {
      const blob = await cropToPng(source, area);
      setPreview(URL.createObjectURL(blob));
      onCropped(blob);
      setSource(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="flex items-center gap-4">
      <Avatar name={name} src={preview ?? currentUrl} size="lg" />
      <div className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          Photo de profil
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="block text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
          onChange={(event) => {
            handleFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <p className="text-xs text-slate-500">Image carrée de 150 × 150 pixels.</p>
      </div>
      <Modal
        open={source !== null}
        onOpenChange={(open) => !open && setSource(null)}
        title="Recadrer la photo"
        footer={
          <>
            <Button variant="secondary" onClick={() => setSource(null)}>
              Annuler
            </Button>
            <Button onClick={handleConfirm} disabled={!area}>
              Valider
            </Button>
          </>
        }
      >
        <div className="relative h-72 w-full overflow-hidden rounded-md bg-slate-900">
          {source && (
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="rect"
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          )}
        </div>
        <div className="mt-3 flex items-center gap-3">
          <label htmlFor={`${inputId}-zoom`} className="text-sm text-slate-700">
            Zoom
          </label>
          <input
            id={`${inputId}-zoom`}
            type="range"
            min={1}
            max={3}
            step={0.1}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
            className="flex-1 accent-brand-700"
          />
        </div>
      </Modal>
    </div>
  );
};
