import { LIBRARY_MESSAGES, type LibraryFile } from '@promovente/shared';

/**
 * The add and edit form of a library file (docs/product/documents.md#fields): its values, the
 * checks the client makes before sending (the server makes them again), and the multipart body.
 */
export const NEW_FOLDER = 'new';

export type LibraryFormValues = {
  name: string;
  type_id: string;
  /** '' no folder, an id, or NEW_FOLDER with folder_name. */
  folder: string;
  folder_name: string;
  access_candidate: boolean;
  access_promoter: boolean;
  access_notary: boolean;
  access_investor: boolean;
  candidate_min_status: string;
};

export const ACCESS_LABELS = [
  ['access_candidate', 'Candidats'],
  ['access_promoter', 'Promoteurs'],
  ['access_notary', 'Notaires'],
  ['access_investor', 'Investisseurs'],
] as const;

/** The form's values for a new file, or for the file edited. */
export const libraryFormDefaults = (file?: LibraryFile | null): LibraryFormValues => ({
  name: file ? file.name.replace(/\.[a-z0-9]{1,8}$/i, '') : '',
  type_id: file?.type ? String(file.type.id) : '',
  folder: file?.folder ? String(file.folder.id) : '',
  folder_name: '',
  access_candidate: file?.access?.access_candidate ?? false,
  access_promoter: file?.access?.access_promoter ?? false,
  access_notary: file?.access?.access_notary ?? false,
  access_investor: file?.access?.access_investor ?? false,
  candidate_min_status: file?.access?.candidate_min_status != null ? String(file.access.candidate_min_status) : '',
});

export type LibraryFormErrors = Partial<Record<'name' | 'type_id' | 'file' | 'folder_name', string>>;

/** Name and type required; the file on creation only (docs/product/documents.md#rules); a new folder needs its name. */
export const checkLibraryForm = (values: LibraryFormValues, file: File | null, creating: boolean): LibraryFormErrors => {
  const errors: LibraryFormErrors = {};
  if (!values.name.trim()) errors.name = LIBRARY_MESSAGES.nameRequired;
  if (!values.type_id) errors.type_id = LIBRARY_MESSAGES.typeRequired;
  if (creating && !file) errors.file = LIBRARY_MESSAGES.fileRequired;
  if (values.folder === NEW_FOLDER && !values.folder_name.trim()) errors.folder_name = 'Le nom du dossier est requis';
  return errors;
};

/** The multipart body of POST /promotions/{id}/files (and its edit): flags as 1/0, no file on an edit that keeps it. */
export const libraryFormData = (values: LibraryFormValues, file: File | null): FormData => {
  const form = new FormData();
  form.set('name', values.name.trim());
  form.set('type_id', values.type_id);
  if (values.folder === NEW_FOLDER) form.set('folder_name', values.folder_name.trim());
  else if (values.folder) form.set('folder_id', values.folder);
  for (const [key] of ACCESS_LABELS) form.set(key, values[key] ? '1' : '0');
  form.set('candidate_min_status', values.access_candidate ? values.candidate_min_status : '');
  if (file) form.set('file', file);
  return form;
};
