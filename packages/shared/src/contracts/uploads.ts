import { formatFileSize } from '../format.js';

const MB = 1024 * 1024;

/**
 * The limits every multipart request meets (docs/decisions/023-uploads-limits-quota-and-metadata.md),
 * whatever route it is sent to; each route adds how many files it takes and how big each may be.
 */
export const MULTIPART_LIMITS = {
  /** The whole request, files and fields together: a route never reads more. */
  requestBytes: 100 * MB,
  /** Room for the text fields of a form beside its files. */
  formBytes: 1 * MB,
  /** Text fields per request (a form's fields, the renames of 20 files...). */
  fields: 50,
  /** One text field: a message of 20,000 characters fits, a megabyte of text does not. */
  fieldBytes: 100 * 1024,
  /** Files per request when a route says nothing else. */
  files: 20,
} as const;

/** The storage quota of one promotion when PROMOTION_STORAGE_QUOTA_GB is not set. */
export const PROMOTION_STORAGE_QUOTA_GB_DEFAULT = 10;

const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** The refusals of an upload, each naming the limit it met. */
export const UPLOAD_MESSAGES = {
  fileTooBig: (bytes: number) => `Fichier trop volumineux : ${megabytes(bytes)} Mo au maximum`,
  requestTooBig: (bytes: number) => `Envoi trop volumineux : ${megabytes(bytes)} Mo au maximum par envoi`,
  tooManyFiles: (count: number) => `Trop de fichiers : ${count} au maximum par envoi`,
  tooManyFields: (count: number) => `Formulaire trop long : ${count} champs au maximum`,
  fieldTooLong: (label: string, bytes: number) => `Champ trop long (${label}) : ${Math.round(bytes / 1024)} ko au maximum`,
  quotaReached: (quotaBytes: number, usedBytes: number) =>
    `Espace de stockage de la promotion plein : ${formatFileSize(quotaBytes)} au maximum, ${formatFileSize(usedBytes)} déjà utilisés. Supprimez des fichiers de la promotion pour en ajouter d'autres.`,
  demo: "Le mode démo ne permet pas d'ajouter de fichier",
  videoNotCleanable: (name: string) =>
    `Vidéo refusée (${name}) : ses métadonnées (position GPS possible) ne peuvent pas être retirées. Exportez-la depuis le téléphone ou un logiciel de montage, puis réessayez.`,
} as const;

/** The profile photo (docs/product/access.md#account-screen): what the picker offers is what the server takes, re-encoded as a 150x150 PNG. */
export const PROFILE_PHOTO = {
  accept: 'image/png,image/jpeg,image/webp',
  refused: 'La photo doit être une image PNG, JPG ou WebP',
} as const;
