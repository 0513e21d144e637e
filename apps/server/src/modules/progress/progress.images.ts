import { PHOTO_SIZES } from '@promovente/shared';
import sharp from 'sharp';

/**
 * The two sizes of a progress photo (docs/product/progress.md#rules): 160 px high for the
 * thumbnails, 1300 px wide for the carousel, turned upright by their EXIF orientation, without
 * metadata (sharp writes none unless asked), as JPEG.
 *
 * The machine has two cores (docs/decisions/020-progress-photos-and-home.md): libvips works with
 * one thread, and one photo at a time is processed in the whole process, so an upload of 40
 * photos leaves the other core to Node and the database.
 */
sharp.concurrency(1);
sharp.cache(false);

let queue: Promise<unknown> = Promise.resolve();

/** Runs the work after every photo queued before it: one resize at a time in the process. */
const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
};

export type PhotoSizes = { thumbnail: Buffer; large: Buffer };

export const makePhotoSizes = (content: Buffer): Promise<PhotoSizes> =>
  oneAtATime(async () => {
    // The original is decoded once (bounded: a decompression bomb is refused), the thumbnail is
    // made from the 1300 px version.
    const large = await sharp(content, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: PHOTO_SIZES.largeWidth })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
    const thumbnail = await sharp(large).resize({ height: PHOTO_SIZES.thumbnailHeight }).jpeg({ quality: 80 }).toBuffer();
    return { thumbnail, large };
  });
