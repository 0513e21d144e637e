import { PROFILE_PHOTO } from '@promovente/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { SquareImageField } from '../../../components/ui/SquareImageField';

type AvatarPickerProps = { name: string; currentUrl: string | null; onCropped: (blob: Blob | null) => void };

/** Chooses a picture (PNG, JPEG or WebP, what the server takes), crops a square of it and hands back a 150x150 PNG. */
export const AvatarPicker = ({ name, currentUrl, onCropped }: AvatarPickerProps) => (
  <SquareImageField
    label="Photo de profil"
    cropTitle="Recadrer la photo"
    accept={PROFILE_PHOTO.accept}
    hint="Image carrée de 150 × 150 pixels."
    renderPreview={(preview) => <Avatar name={name} src={preview ?? currentUrl} size="lg" />}
    onCropped={onCropped}
  />
);
