import type { LibraryFile } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import { checkLibraryForm, libraryFormData, libraryFormDefaults, NEW_FOLDER } from './library-form';

const file: LibraryFile = {
  id: 4,
  uuid: 'u',
  name: 'Plans des étages.pdf',
  mime: 'application/pdf',
  size: 10,
  created_at: '2026-11-24T08:00:00.000Z',
  type: { id: 1, name: 'Plans' },
  folder: { id: 7, name: 'Plans' },
  access: { access_candidate: true, access_promoter: false, access_notary: true, access_investor: false, candidate_min_status: 3 },
};

describe('the add and edit form of a library file (docs/product/documents.md#rules)', () => {
  it('requires the name and the type, and the file on creation only', () => {
    const empty = libraryFormDefaults();
    expect(checkLibraryForm(empty, null, true)).toEqual({
      name: 'Le nom est requis',
      type_id: 'Le type est requis',
      file: 'Le fichier est requis',
    });
    expect(checkLibraryForm(libraryFormDefaults(file), null, false)).toEqual({});
    expect(checkLibraryForm({ ...libraryFormDefaults(file), folder: NEW_FOLDER }, null, false)).toEqual({
      folder_name: 'Le nom du dossier est requis',
    });
  });

  it('starts an edit from the file (name without its extension, type, folder, access)', () => {
    expect(libraryFormDefaults(file)).toMatchObject({
      name: 'Plans des étages',
      type_id: '1',
      folder: '7',
      access_candidate: true,
      access_notary: true,
      candidate_min_status: '3',
    });
  });

  it('sends flags as 1/0, a chosen or a new folder, the minimum status only with the candidate access, the file if any', () => {
    const kept = libraryFormData(libraryFormDefaults(file), null);
    expect(Object.fromEntries(kept.entries())).toEqual({
      name: 'Plans des étages',
      type_id: '1',
      folder_id: '7',
      access_candidate: '1',
      access_promoter: '0',
      access_notary: '1',
      access_investor: '0',
      candidate_min_status: '3',
    });
    const upload = new File(['%PDF'], 'plans.pdf', { type: 'application/pdf' });
    const created = libraryFormData(
      { ...libraryFormDefaults(), name: ' Brochure ', type_id: '3', folder: NEW_FOLDER, folder_name: 'Vente', candidate_min_status: '4' },
      upload,
    );
    expect(created.get('name')).toBe('Brochure');
    expect(created.get('folder_name')).toBe('Vente');
    expect(created.get('folder_id')).toBeNull();
    expect(created.get('candidate_min_status')).toBe('');
    expect((created.get('file') as File).name).toBe('plans.pdf');
  });
});
