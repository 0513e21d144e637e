import { PROMOTION_LOGO } from '@promovente/shared';
import { ImageOff } from 'lucide-react';
import { SquareImageField } from '../../../../components/ui/SquareImageField';

type LogoPickerProps = { currentUrl: string | null; onCropped: (blob: Blob) => void; disabled?: boolean };

/** A file larger than the limit is refused before it is read (the server refuses it too). */
export const isLogoTooBig = (file: Pick<File, 'size'>) => file.size > PROMOTION_LOGO.maxBytes;

/**
 * The promotion's logo: shows the current one; an admin chooses a PNG or JPG, crops a square
 * of it and hands back the 150x150 PNG (docs/product/promotion-administration.md#informations-menu).
 */
export const LogoPicker = ({ currentUrl, onCropped, disabled = false }: LogoPickerProps) => (
  <SquareImageField
    label="Logo"
    cropTitle="Recadrer le logo"
    accept="image/png,image/jpeg"
    hint={PROMOTION_LOGO.hint}
    size={PROMOTION_LOGO.size}
    refuse={(file) => (isLogoTooBig(file) ? `Fichier trop volumineux (${file.name}) : 10 Mo au maximum` : null)}
    renderPreview={(preview) => {
      const shown = preview ?? currentUrl;
      return (
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50">
          {shown ? (
            <img src={shown} alt="Logo de la promotion" className="size-full object-contain" />
          ) : (
            <ImageOff className="size-8 text-slate-300" aria-label="Pas de logo" />
          )}
        </div>
      );
    }}
    onCropped={onCropped}
    disabled={disabled}
  />
);
