import { PHOTO_LIMITS } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import { batchesOf } from './api/progress';
import { albumInputOf } from './components/AlbumFormModal';

describe('the album form (docs/product/progress.md#rules)', () => {
  it("sends 'Visible : non' as hidden, 'Homepage : oui' as home_page, and no lot as null", () => {
    expect(albumInputOf({ name: 'Toiture', date: '2026-05-04', comment: '', lot_id: '', hidden: 'non', home_page: 'oui' })).toEqual({
      name: 'Toiture',
      date: '2026-05-04',
      comment: '',
      lot_id: null,
      hidden: true,
      home_page: true,
    });
    expect(albumInputOf({ name: 'A', date: '2026-05-04', comment: 'x', lot_id: '12', hidden: 'oui', home_page: 'non' })).toMatchObject({
      lot_id: 12,
      hidden: false,
      home_page: false,
    });
  });
});

describe('the photo upload in batches (docs/decisions/020-progress-photos-and-home.md)', () => {
  it('sends 40 photos in batches that fit the server limit of 20 files per request', () => {
    const batches = batchesOf(Array.from({ length: 40 }, (_, i) => i));
    expect(batches).toHaveLength(40 / PHOTO_LIMITS.clientBatch);
    expect(batches.every((b) => b.length <= PHOTO_LIMITS.filesPerRequest)).toBe(true);
    expect(batches.flat()).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });
});
