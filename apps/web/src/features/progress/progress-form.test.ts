import { MULTIPART_LIMITS, PHOTO_LIMITS } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import { BATCH_MAX_BYTES, batchesOf } from './api/progress';
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

  it('closes a batch before its files pass the bytes a request may carry (videos of 40 Mo go two by two)', () => {
    const videos = Array.from({ length: 5 }, (_, i) => ({ name: `visite-${i}.mp4`, size: 40 * 1024 * 1024 }));
    const batches = batchesOf(videos, (video) => video.size);
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    expect(batches.every((batch) => batch.reduce((sum, video) => sum + video.size, 0) <= BATCH_MAX_BYTES)).toBe(true);
    expect(BATCH_MAX_BYTES).toBeLessThan(MULTIPART_LIMITS.requestBytes);
  });
});
