import { z } from 'zod';
import { pageOf } from '../api/route.js';
import { CANDIDACY_FILTER_STATUSES, CANDIDACY_STATUS_LABELS } from '../statuses.js';
import { ID_MAX, idOf, pageQuerySchema, textOf } from './common.js';
import { UPLOAD_MESSAGES } from './uploads.js';

/**
 * The documents library (docs/product/documents.md): the promotion's files, their types and
 * folders, the candidate's own documents and the data-room log.
 */

/** The brochure the candidate's home shows (docs/product/documents.md#fields: type 3). */
export const BROCHURE_FILE_TYPE_ID = 3;
export const LIBRARY_PAGE_SIZE = 50;
export const LIBRARY_LOG_PAGE_SIZE = 50;
export const LIBRARY_NAME_MAX = 200;
export const LIBRARY_FOLDER_NAME_MAX = 100;

export const LIBRARY_MESSAGES = {
  added: 'Fichier ajouté',
  updated: 'Fichier modifié',
  deleted: 'Fichier supprimé',
  confirmDelete: 'Êtes-vous sûr de vouloir supprimer ce fichier ?',
  nameRequired: 'Le nom est requis',
  typeRequired: 'Le type est requis',
  fileRequired: 'Le fichier est requis',
  typeUnknown: 'Type de document inconnu',
  folderUnknown: 'Dossier introuvable',
  folderNameTooLong: `Nom de dossier trop long (${LIBRARY_FOLDER_NAME_MAX} caractères au maximum)`,
  nameTooLong: `Nom trop long (${LIBRARY_NAME_MAX} caractères au maximum)`,
  invalidFlag: 'Valeur invalide pour un accès',
  invalidMinStatus: 'Statut minimum invalide',
  invalidKind: 'Type de consultation invalide',
  searchTooLong: 'Recherche trop longue',
  demoUpload: UPLOAD_MESSAGES.demo,
  oneFile: 'Un seul fichier par document',
  emptyLibrary: "Aucun document pour l'instant.",
  noResult: 'Aucun document ne correspond à la recherche.',
  emptyLog: "Aucune consultation pour l'instant.",
} as const;

/**
 * The statuses a file may require of a candidate (`candidate_min_status`): the progression of a
 * candidacy, prospect first. 'Non retenu' (1, 2) is never a minimum: a candidacy not retained
 * counts as a prospect (docs/sales-process.md#documents-library-built).
 */
export const LIBRARY_MIN_STATUSES = CANDIDACY_FILTER_STATUSES;
export const libraryMinStatusLabel = (status: number | null) => CANDIDACY_STATUS_LABELS[status ?? 0] ?? '';

export const fileTypeSchema = z.object({ id: z.number(), name: z.string() });
export type FileType = z.infer<typeof fileTypeSchema>;
export const libraryFolderRefSchema = z.object({ id: z.number(), name: z.string() });
export type LibraryFolderRef = z.infer<typeof libraryFolderRefSchema>;
/** A folder of the explorer with the number of documents the reader sees in it. */
export const libraryFolderSchema = libraryFolderRefSchema.extend({ files_count: z.number() });
export type LibraryFolder = z.infer<typeof libraryFolderSchema>;
/** Who a file is open to, shown to the people who manage the library only. */
export const libraryAccessSchema = z.object({
  access_candidate: z.boolean(),
  access_promoter: z.boolean(),
  access_notary: z.boolean(),
  access_investor: z.boolean(),
  candidate_min_status: z.number().nullable(),
});
export type LibraryAccess = z.infer<typeof libraryAccessSchema>;
export const libraryFileSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  created_at: z.string(),
  type: fileTypeSchema.nullable(),
  folder: libraryFolderRefSchema.nullable(),
  /** null unless the reader manages the library. */
  access: libraryAccessSchema.nullable(),
});
export type LibraryFile = z.infer<typeof libraryFileSchema>;
/** A document of the candidate's own candidacies ('Mes documents'). */
export const ownDocumentSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  created_at: z.string(),
});
export type OwnDocument = z.infer<typeof ownDocumentSchema>;

/**
 * GET /files: the folders (at the root only, with their counts), the page of files of the folder
 * asked for (without folder at the root), and the candidate's own documents (null for others).
 */
export const libraryPageSchema = z.object({
  /** The promotion listed: the one asked for, else the reader's current one. */
  promotion_id: z.number(),
  folder: libraryFolderRefSchema.nullable(),
  folders: z.array(libraryFolderSchema),
  files: pageOf(libraryFileSchema),
  own: z.array(ownDocumentSchema).nullable(),
  can_manage: z.boolean(),
  can_upload: z.boolean(),
  can_read_log: z.boolean(),
});
export type LibraryPage = z.infer<typeof libraryPageSchema>;

const idListOf = (message: string) =>
  z
    .union([textOf({ error: message }), z.array(textOf({ error: message }))], { error: message })
    .transform((v) =>
      (Array.isArray(v) ? v : v.split(',')).filter((s) => s !== '').map((s) => (/^\d{1,12}$/.test(s) ? Number(s) : Number.NaN)),
    )
    .pipe(z.array(z.int({ error: message }).min(1, { error: message }).max(ID_MAX, { error: message })).max(100, message));

export const libraryQuerySchema = z.object({
  promotion: idOf('Promotion invalide').optional(),
  search: textOf().max(100, LIBRARY_MESSAGES.searchTooLong).optional(),
  /** The document types kept by the filter (all when absent). */
  types: idListOf('Type de document invalide').optional(),
  /** The folder opened (the root when absent). */
  folder: idOf('Dossier invalide').optional(),
  page: pageQuerySchema,
});
export type LibraryQuery = z.infer<typeof libraryQuerySchema>;

export const libraryPromotionQuerySchema = z.object({ promotion: idOf('Promotion invalide').optional() });

const flagSchema = z
  .union([z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')], { error: LIBRARY_MESSAGES.invalidFlag })
  .transform((v) => v === '1' || v === 'true')
  .default(false);

/**
 * The text fields of the add and edit forms (multipart, docs/product/documents.md#rules): name and type
 * required; a folder chosen (`folder_id`) or created (`folder_name`), or none; the four access
 * flags; the candidate's minimum status ('' or absent: prospect).
 */
export const libraryFileFieldsSchema = z.object({
  name: textOf({ error: LIBRARY_MESSAGES.nameRequired })
    .trim()
    .min(1, LIBRARY_MESSAGES.nameRequired)
    .max(LIBRARY_NAME_MAX, LIBRARY_MESSAGES.nameTooLong),
  type_id: idOf(LIBRARY_MESSAGES.typeRequired),
  folder_id: z
    .union([z.literal(''), idOf(LIBRARY_MESSAGES.folderUnknown)], { error: LIBRARY_MESSAGES.folderUnknown })
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  folder_name: textOf({ error: LIBRARY_MESSAGES.folderNameTooLong })
    .trim()
    .max(LIBRARY_FOLDER_NAME_MAX, LIBRARY_MESSAGES.folderNameTooLong)
    .optional()
    .transform((v) => (v ? v : null)),
  access_candidate: flagSchema,
  access_promoter: flagSchema,
  access_notary: flagSchema,
  access_investor: flagSchema,
  candidate_min_status: z
    .union([z.literal(''), z.enum(LIBRARY_MIN_STATUSES.map(String) as [string, ...string[]])], {
      error: LIBRARY_MESSAGES.invalidMinStatus,
    })
    .optional()
    .transform((v) => (v === '' || v === undefined || v === '0' ? null : Number(v))),
});
export type LibraryFileFields = z.infer<typeof libraryFileFieldsSchema>;
export const LIBRARY_FILE_FIELDS = Object.keys(libraryFileFieldsSchema.shape) as (keyof LibraryFileFields)[];

export const libraryFileParamsSchema = z.object({ id: idOf(), fileId: idOf() });

/** GET file-url/{uuid}: `download=1` asks the file as a download, else it opens in a new tab. */
export const fileUrlQuerySchema = z.object({
  download: z.enum(['0', '1'], { error: 'Valeur invalide' }).optional(),
});

/** A 'view' (the file opened in a new tab) or a 'download' (saved), both counted when the link is signed. */
export const LIBRARY_ACCESS_KINDS = ['view', 'download'] as const;
export type LibraryAccessKind = (typeof LIBRARY_ACCESS_KINDS)[number];
export const LIBRARY_ACCESS_KIND_LABELS: Record<LibraryAccessKind, string> = { view: 'Consultation', download: 'Téléchargement' };

/** The data-room log, per file or per person (or the promotion's whole log). */
export const libraryLogQuerySchema = z.object({
  promotion: idOf('Promotion invalide').optional(),
  file_id: idOf('Fichier introuvable').optional(),
  user_id: idOf('Personne introuvable').optional(),
  page: pageQuerySchema,
});
export type LibraryLogQuery = z.infer<typeof libraryLogQuerySchema>;

export const libraryLogEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  kind: z.enum(LIBRARY_ACCESS_KINDS),
  file: z.object({ id: z.number(), name: z.string() }),
  user: z.object({ id: z.number(), full_name: z.string(), type: z.string() }),
});
export type LibraryLogEntry = z.infer<typeof libraryLogEntrySchema>;
/** The people who opened a library file of the promotion (the per-person filter of the log). */
export const libraryLogPersonSchema = z.object({ id: z.number(), full_name: z.string(), type: z.string(), accesses_count: z.number() });
export type LibraryLogPerson = z.infer<typeof libraryLogPersonSchema>;
export const libraryLogPageSchema = pageOf(libraryLogEntrySchema);
export type LibraryLogPage = z.infer<typeof libraryLogPageSchema>;
/** GET /files_log/people: the whole log's people, or one file's; asked once per opening, not per page. */
export const libraryLogPeopleQuerySchema = libraryLogQuerySchema.omit({ user_id: true, page: true });
export type LibraryLogPeopleQuery = z.infer<typeof libraryLogPeopleQuerySchema>;
