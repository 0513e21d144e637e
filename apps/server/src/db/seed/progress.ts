import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { toSwissDateAndTime } from '@promovente/shared';
import sharp from 'sharp';
import { makePhotoSizes } from '../../modules/progress/progress.images.js';
import type { Storage } from '../../platform/storage.js';
import { files, photoGroups, photos } from '../schema/index.js';
import type { Ctx, LotRec } from './demo.js';

const DAY = 86_400_000;

/** The demo's albums (docs/product/progress.md#fields): a lot on one, one hidden, one for the home page. */
/** A 6-second H.264 animation of the site (640x448, 15 kB), made once with ffmpeg from generated frames. */
const DEMO_VIDEO = new URL('./assets/visite-du-chantier.mp4', import.meta.url);

const ALBUMS = [
  {
    name: 'Terrassement',
    daysAgo: 150,
    comment: 'Fouilles et terrassement terminés.',
    lot: false,
    hidden: false,
    homePage: false,
    shots: 3,
    video: true,
  },
  {
    name: 'Gros œuvre',
    daysAgo: 60,
    comment: 'Dalle du 2e étage coulée, façade nord en cours.',
    lot: false,
    hidden: false,
    homePage: true,
    shots: 4,
  },
  {
    name: 'Appartement témoin',
    daysAgo: 20,
    comment: 'Finitions de la cuisine et de la salle de bains.',
    lot: true,
    hidden: false,
    homePage: false,
    shots: 2,
  },
  {
    name: 'Réunion de chantier (interne)',
    daysAgo: 7,
    comment: 'Réserves à lever avant la réception.',
    lot: false,
    hidden: true,
    homePage: false,
    shots: 1,
  },
] as const;

const PALETTES = [
  ['#8fb4d9', '#d9c7a3', '#7a6a58'],
  ['#9cc3e6', '#c9b79c', '#5d6b7a'],
  ['#f2c38b', '#b7c9d9', '#6b5a4a'],
  ['#a8d0c0', '#e3d5b8', '#4f5d6b'],
];

/** A small generated picture of a building site: sky, ground and a few blocks (no photo ships with the code). */
const sitePicture = (index: number) => {
  const [sky, ground, block] = PALETTES[index % PALETTES.length];
  const blocks = Array.from({ length: 3 + (index % 3) }, (_, i) => {
    const x = 80 + i * 230;
    const h = 180 + ((index * 37 + i * 53) % 160);
    return `<rect x="${x}" y="${560 - h}" width="180" height="${h}" fill="${block}" opacity="${0.7 + (i % 3) * 0.1}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="700">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="1000" height="560" fill="url(#s)"/><rect y="560" width="1000" height="140" fill="${ground}"/>${blocks}
    <rect x="${700 - (index % 4) * 40}" y="120" width="12" height="440" fill="#e0a020"/><rect x="${560 - (index % 4) * 40}" y="120" width="300" height="10" fill="#e0a020"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
};

/**
 * The progress albums of both demo promotions, with a few generated photos in their two sizes.
 * Without a storage (the test databases), the rows are written without content.
 */
export const seedProgress = async (ctx: Ctx, promos: readonly { id: number; lots: LotRec[] }[], storage?: Storage) => {
  const { clock, ids, writer } = ctx;
  let shot = 0;
  for (const promo of promos) {
    for (const album of ALBUMS) {
      const groupId = ids.next('photo_groups');
      const createdAt = clock.ago(album.daysAgo * DAY);
      writer.push(photoGroups, {
        id: groupId,
        promotionId: promo.id,
        name: album.name,
        date: toSwissDateAndTime(createdAt).date,
        comment: album.comment,
        lotId: album.lot ? (promo.lots[0]?.id ?? null) : null,
        hidden: album.hidden,
        homePage: album.homePage,
        createdById: ctx.users.courtier,
        createdAt,
      });
      for (let n = 1; n <= album.shots; n++) {
        shot += 1;
        const sizes = storage ? await makePhotoSizes(await sitePicture(shot)) : null;
        const put = async (content: Buffer | undefined) => (storage && content ? storage.put(content) : randomUUID());
        const name = `${album.name} ${n}.jpg`;
        const largeId = ids.next('files');
        const thumbId = ids.next('files');
        const file = (id: number, fileName: string, content: Buffer | undefined) => ({
          id,
          uuid: randomUUID(),
          promotionId: promo.id,
          name: fileName,
          mime: 'image/jpeg',
          size: content?.length ?? 0,
          owner: 'photo',
          createdById: ctx.users.courtier,
          createdAt,
        });
        writer.push(files, { ...file(largeId, name, sizes?.large), storageKey: await put(sizes?.large) });
        writer.push(files, { ...file(thumbId, `160h-${name}`, sizes?.thumbnail), storageKey: await put(sizes?.thumbnail) });
        writer.push(photos, {
          id: ids.next('photos'),
          promotionId: promo.id,
          photoGroupId: groupId,
          name,
          isVideo: false,
          fileId: largeId,
          thumbnailFileId: thumbId,
          createdById: ctx.users.courtier,
          createdAt,
        });
      }
      if ('video' in album) {
        // The demo video demo users see (docs/product/progress.md): a short animation of the site, shipped with the seed.
        const content = storage ? await readFile(DEMO_VIDEO) : undefined;
        const videoId = ids.next('files');
        writer.push(files, {
          id: videoId,
          uuid: randomUUID(),
          promotionId: promo.id,
          name: 'Visite du chantier.mp4',
          mime: 'video/mp4',
          size: content?.length ?? 0,
          storageKey: storage && content ? await storage.put(content) : randomUUID(),
          owner: 'photo',
          createdById: ctx.users.courtier,
          createdAt,
        });
        writer.push(photos, {
          id: ids.next('photos'),
          promotionId: promo.id,
          photoGroupId: groupId,
          name: 'Visite du chantier.mp4',
          isVideo: true,
          fileId: videoId,
          thumbnailFileId: null,
          createdById: ctx.users.courtier,
          createdAt,
        });
      }
    }
  }
};
