import { type ReactNode, useEffect, useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api';
import { cropToPng } from '../../lib/crop-image';
import { Button } from './Button';
import { Modal } from './Modal';

type SquareImageFieldProps = {
  /** The field's label ('Photo de profil', 'Logo'). */
  label: string;
  /** The title of the cropping modal ('Recadrer la photo'). */
  cropTitle: string;
  accept: string;
  hint: string;
  /** The side of the PNG handed back, in pixels. */
  size?: number;
  /** A refusal shown before the file is read (too big...), or null to crop it. */
  refuse?: (file: File) => string | null;
  /** Shows the current image, or the cropped one once chosen. */
  renderPreview: (url: string | null) => ReactNode;
  onCropped: (blob: Blob) => void;
  disabled?: boolean;
};

/** Chooses a picture, crops a square of it and hands back a PNG: the profile photo and the promotion logo. */
export const SquareImageField = ({
  label,
  cropTitle,
  accept,
  hint,
  size,
  refuse,
  renderPreview,
  onCropped,
  disabled = false,
}: SquareImageFieldProps) => {
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
    const refusal = refuse?.(file);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setSource(URL.createObjectURL(file));
  };

  const handleConfirm = async () => {
    if (!source || !area) return;
    try {
      const blob = await cropToPng(source, area, size);
      setPreview(URL.createObjectURL(blob));
      onCropped(blob);
      setSource(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      {renderPreview(preview)}
      {!disabled && (
        <div className="min-w-0 flex-1 basis-48 space-y-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            {label}
          </label>
          <input
            id={inputId}
            type="file"
            accept={accept}
            aria-describedby={`${inputId}-hint`}
            className="block w-full max-w-xs text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
            onChange={(event) => {
              handleFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <p id={`${inputId}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        </div>
      )}
      <Modal
        open={source !== null}
        onOpenChange={(open) => !open && setSource(null)}
        title={cropTitle}
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
