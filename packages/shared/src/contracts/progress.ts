import { z } from 'zod';
import { dateYearsCheck, idOf, idSchema, isWithinDateYears, pageQuerySchema, requiredText, textSchema } from './common.js';

/**
 * Progress albums, 'Avancement' (docs/product/progress.md): albums of photos and videos, the
 * read-only list of candidates and investors and the carousel. The texts the reference does not
 * give are fixed here once, for the server and the client.
 */
export const PROGRESS_MESSAGES = {
  title: 'Avancement',
  empty: "Aucun album pour l'instant.",
  nameRequired: 'Le nom est requis',
  dateRequired: 'La date est requise',
  dateInvalid: 'Date invalide (format AAAA-MM-JJ)',
  commentTooLong: 'Le commentaire est trop long (2000 caractères au maximum)',
  nameTooLong: 'Le nom est trop long (200 caractères au maximum)',
  albumCreated: 'Album créé',
  albumUpdated: 'Changements enregistrés',
  albumDeleted: 'Album supprimé',
  photosAdded: 'Photos ajoutées',
  photoDeleted: 'Photo supprimée',
  noFile: 'Aucun fichier reçu',
  albumRequired: "L'album est requis",
  tooMany: 'Trop de fichiers : 20 au maximum par envoi',
  refused: 'Seules les photos (JPG, PNG, WebP) et les vidéos (MP4, WebM, MOV) sont acceptées',
  photoTooBig: (name: string) => `Photo trop volumineuse (${name}) : 10 Mo au maximum`,
  videoTooBig: (name: string) => `Vidéo trop volumineuse (${name}) : 50 Mo au maximum`,
  tooBigAny: 'Fichier trop volumineux : 10 Mo par photo, 50 Mo par vidéo au maximum',
  unreadable: (name: string) => `Image illisible (${name})`,
  demoCannotAdd: 'Un compte de démonstration ne peut pas ajouter de photos',
  lotNotForPilots: 'Un pilote ne choisit pas de lot',
  deleteAlbumConfirm: 'Voulez-vous vraiment supprimer cet album et toutes ses photos ?',
  deletePhotoConfirm: 'Voulez-vous vraiment supprimer cette photo ?',
  resetLot: 'Voir tous les albums',
  failed: 'Une erreur est survenue',
} as const;

/** docs/product/progress.md#rules: thumbnails 160 px high, carousel images 1300 px wide, one slide every 3000 ms. */
export const PHOTO_SIZES = { thumbnailHeight: 160, largeWidth: 1300 } as const;
export const CAROUSEL_AUTOPLAY_MS = 3000;
/** Upload limits (docs/decisions/020-progress-photos-and-home.md). */
export const PHOTO_LIMITS = {
  photoBytes: 10 * 1024 * 1024,
  videoBytes: 50 * 1024 * 1024,
  /** The files one request to the photos route may carry (platform/multipart.ts); the client sends fewer at a time. */
  filesPerRequest: 20,
  /** The client's batch: small enough that each request answers within a few seconds on 2 cores. */
  clientBatch: 5,
} as const;
export const PHOTO_GROUPS_PAGE_SIZE = 20;

const dateSchema = z
  .union([textSchema, z.null()], { error: PROGRESS_MESSAGES.dateRequired })
  .refine((value) => value !== null && value.trim() !== '', { message: PROGRESS_MESSAGES.dateRequired, abort: true })
  .transform((value) => (value ?? '').trim())
  .refine(isWithinDateYears, dateYearsCheck())
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    message: PROGRESS_MESSAGES.dateInvalid,
  });

const flagSchema = z.preprocess(
  (value) => (value === 1 || value === '1' || value === 'true' ? true : value === 0 || value === '0' || value === 'false' ? false : value),
  z.boolean(),
);

/** POST promotions/{id}/photoGroups and PUT promotions/{id}/photoGroups/{groupId} (docs/product/progress.md#rules). */
export const photoGroupInputSchema = z.object({
  name: requiredText(PROGRESS_MESSAGES.nameRequired)
    .transform((value) => value.trim())
    .refine((value) => value.length <= 200, PROGRESS_MESSAGES.nameTooLong),
  date: dateSchema,
  comment: z
    .union([textSchema, z.null()])
    .optional()
    .transform((value) => {
      const text = value?.trim() ?? '';
      return text === '' ? null : text;
    })
    .refine((value) => value === null || value.length <= 2000, PROGRESS_MESSAGES.commentTooLong),
  lot_id: z
    .union([idOf('Lot invalide'), z.null()])
    .optional()
    .default(null),
  hidden: flagSchema.optional().default(false),
  home_page: flagSchema.optional().default(false),
  /** Sent by the client (docs/product/progress.md#rules); the path's promotion is the one used. */
  promotion_id: idOf('Promotion invalide').optional(),
});
export type PhotoGroupInput = z.infer<typeof photoGroupInputSchema>;

export const photoGroupParamsSchema = z.object({ id: idSchema, groupId: idSchema });
export const photoParamsSchema = z.object({ id: idSchema, photoId: idSchema });

/** GET photoGroups: the promotion (else the current one), the lot filter and the page. */
export const photoGroupsQuerySchema = z.object({
  promotion: idOf('Promotion invalide').optional(),
  lot: idOf('Lot invalide').optional(),
  page: pageQuerySchema,
});
export type PhotoGroupsQuery = z.infer<typeof photoGroupsQuerySchema>;

/** GET photos: the photos of one album. */
export const photosQuerySchema = z.object({ photo_group_id: idOf("L'album est requis") });

export const photoLotSchema = z.object({ id: z.number(), title: z.string(), reference: z.string(), full_title: z.string() });
export type PhotoLot = z.infer<typeof photoLotSchema>;

/** A photo or a video (docs/product/progress.md#rules). Urls are short-lived signed links. */
export const photoSchema = z.object({
  id: z.number(),
  name: z.string(),
  date: z.string(),
  comment: z.string().nullable(),
  is_video: z.boolean(),
  url: z.string(),
  url_160h: z.string().nullable(),
  url_1300w: z.string().nullable(),
  url_video: z.string().nullable(),
  lot: photoLotSchema.nullable(),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  date: z.string(),
  comment: z.string().nullable(),
  lot_id: z.number().nullable(),
  lot: photoLotSchema.nullable(),
  hidden: z.boolean(),
  home_page: z.boolean(),
  photos_count: z.number(),
  /** The first photos (at most 12), for the list; the carousel loads every one with GET photos. */
  photos: z.array(photoSchema),
});
export type PhotoGroup = z.infer<typeof photoGroupSchema>;

export const photoGroupsPageSchema = z.object({
  /** The promotion listed (the one asked, else the current one): the writes name it. */
  promotion_id: z.number(),
  data: z.array(photoGroupSchema),
  current_page: z.number(),
  last_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  total: z.number(),
  /** Whether the caller adds, edits and deletes (photo.manage), and adds photos (not in demo). */
  can_manage: z.boolean(),
  can_add_photos: z.boolean(),
  /** The lot of the filter, for the reset link. */
  lot: photoLotSchema.nullable(),
  /** The lots of the filter and of the album form: the main lots for who writes, else the lots the albums name. */
  lot_options: z.array(photoLotSchema),
  /** The demo video, which the screen shows to demo users (docs/decisions/020-progress-photos-and-home.md): the first video listed, else null. */
  demo_video: z.string().nullable(),
});
export type PhotoGroupsPage = z.infer<typeof photoGroupsPageSchema>;

/** POST promotions/{id}/photos: the photos rows created. */
export const addedPhotosSchema = z.object({ ids: z.array(z.number()) });

/** POST promotions/{id}/photos: multipart photos[] after the album's photo_group_id (each file stored as it arrives). */
export const photoUploadFieldsSchema = z.object({ photo_group_id: idOf(PROGRESS_MESSAGES.albumRequired) });

/** Albums with more photos show this many in the list. */
export const PHOTOS_PER_ALBUM_IN_LIST = 12;

/** A lot as the albums name it: its title and reference, or its reference alone. */
export const lotFullTitle = (lot: { title: string; reference: string }) =>
  lot.title.trim() === '' ? lot.reference : `${lot.title} (${lot.reference})`;

/**
 * A lot in a narrow list (the 'Lot' filter of 'Avancement'): the reference first, which names the
 * lot, then its title ('A-101 · Attique 4,5 pièces'), so that a cut end never hides which lot it is.
 */
export const lotOptionLabel = (lot: { title: string; reference: string }) =>
  lot.title.trim() === '' ? lot.reference : `${lot.reference} · ${lot.title.trim()}`;

/** An album's day (yyyy-MM-dd) as the screens show dates: dd/MM/yyyy. */
export const formatAlbumDate = (day: string) => {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
};

/** 'Visible' and 'Homepage' read oui or non (docs/product/progress.md#rules). */
export const yesNo = (value: boolean) => (value ? 'oui' : 'non');
