import { BROCHURE_FILE_TYPE_ID } from '@promovente/shared';
import { fileFolders, files, libraryAccesses } from '../schema/index.js';
import type { Ctx } from './demo.js';
import { DAY, HOUR } from './timeline.js';

/**
 * The documents library of the demo promotions (docs/product/documents.md): folders, files
 * of each type with their access flags and candidate minimum statuses, and a data-room log.
 * The demo seed has no storage: the rows name contents that do not exist, and their download
 * answers 'Fichier introuvable' (the files added from the screen are real).
 */
type DemoFile = {
  name: string;
  type: number;
  folder: string | null;
  candidate: boolean;
  promoter: boolean;
  notary: boolean;
  investor: boolean;
  minStatus: number | null;
  kb: number;
};

const FOLDERS = ['Plans', 'Contrats et règlements', 'Suivi de chantier'];
const all = { candidate: true, promoter: true, notary: true, investor: true };
const LIBRARY: DemoFile[] = [
  { name: 'Brochure.pdf', type: BROCHURE_FILE_TYPE_ID, folder: null, ...all, minStatus: null, kb: 4_200 },
  { name: 'Plans de situation.pdf', type: 1, folder: 'Plans', ...all, minStatus: null, kb: 1_850 },
  { name: 'Plans des étages.pdf', type: 1, folder: 'Plans', ...all, minStatus: 3, kb: 6_300 },
  { name: 'Plans des attiques.pdf', type: 1, folder: 'Plans', ...all, minStatus: 4, kb: 2_900 },
  { name: 'Descriptif de construction.pdf', type: 2, folder: null, ...all, investor: false, minStatus: 4, kb: 780 },
  {
    name: "Projet d'acte de vente.pdf",
    type: 4,
    folder: 'Contrats et règlements',
    candidate: true,
    promoter: true,
    notary: true,
    investor: false,
    minStatus: 5,
    kb: 320,
  },
  {
    name: 'Règlement de copropriété PPE.pdf',
    type: 5,
    folder: 'Contrats et règlements',
    candidate: true,
    promoter: false,
    notary: true,
    investor: false,
    minStatus: 6,
    kb: 540,
  },
  {
    name: 'Rapport de chantier - mars.pdf',
    type: 6,
    folder: 'Suivi de chantier',
    candidate: false,
    promoter: true,
    notary: false,
    investor: true,
    minStatus: null,
    kb: 2_100,
  },
  {
    name: 'Planning des travaux.pdf',
    type: 6,
    folder: 'Suivi de chantier',
    candidate: false,
    promoter: true,
    notary: false,
    investor: true,
    minStatus: null,
    kb: 410,
  },
  {
    name: 'Grille de prix interne.xlsx',
    type: 6,
    folder: null,
    candidate: false,
    promoter: false,
    notary: false,
    investor: false,
    minStatus: null,
    kb: 95,
  },
];

const MIME = { pdf: 'application/pdf', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** Each promotion's library files (id, name, whether candidates may see it): the scale seed logs views of them. */
export type SeededLibrary = { promotionId: number; files: { id: number; name: string; candidate: boolean }[] }[];

export const seedLibrary = (ctx: Ctx, promotionIds: readonly number[]): SeededLibrary => {
  const { clock, ids, writer, users: u } = ctx;
  const seeded: SeededLibrary = [];
  for (const [index, promotionId] of promotionIds.entries()) {
    const folderIds = new Map<string, number>();
    for (const name of FOLDERS) {
      const id = ids.next('file_folders');
      folderIds.set(name, id);
      writer.push(fileFolders, { id, promotionId, name, createdAt: clock.ago(60 * DAY) });
    }
    const created = new Map<string, { id: number; name: string; candidate: boolean }>();
    for (const [position, file] of LIBRARY.entries()) {
      const id = ids.next('files');
      created.set(file.name, { id, name: file.name, candidate: file.candidate });
      writer.push(files, {
        id,
        uuid: `d0c5eed0-0000-4000-8000-${String(id).padStart(12, '0')}`,
        promotionId,
        name: file.name,
        mime: file.name.endsWith('.xlsx') ? MIME.xlsx : MIME.pdf,
        size: file.kb * 1_024,
        storageKey: `d0c5eed0-0000-4000-8000-${String(id).padStart(12, '0')}`,
        owner: 'library',
        folderId: file.folder ? (folderIds.get(file.folder) ?? null) : null,
        typeId: file.type,
        accessCandidate: file.candidate,
        accessPromoter: file.promoter,
        accessNotary: file.notary,
        accessInvestor: file.investor,
        candidateMinStatus: file.minStatus,
        createdById: position % 3 === 0 ? u.pilot : u.courtier,
        createdAt: clock.ago((50 - position * 4) * DAY),
      });
    }
    // The data-room log: who opened what, over the last weeks.
    const candidate = index === 0 ? u.candidate : u.vergersCandidate;
    const views: [number, string, 'view' | 'download', number][] = [
      [candidate, 'Brochure.pdf', 'view', 20 * DAY],
      [candidate, 'Plans de situation.pdf', 'view', 12 * DAY],
      [candidate, 'Plans de situation.pdf', 'download', 12 * DAY - HOUR],
      [candidate, 'Plans des étages.pdf', 'view', 3 * DAY],
      [u.notary, "Projet d'acte de vente.pdf", 'download', 6 * DAY],
      [u.notary, 'Règlement de copropriété PPE.pdf', 'view', 5 * DAY],
      [u.promoter, 'Rapport de chantier - mars.pdf', 'view', 4 * DAY],
      [u.investor, 'Rapport de chantier - mars.pdf', 'download', 2 * DAY],
      [u.investor, 'Planning des travaux.pdf', 'view', 30 * HOUR],
      [u.courtier, 'Grille de prix interne.xlsx', 'download', 8 * HOUR],
    ];
    for (const [userId, name, kind, ago] of views) {
      const file = created.get(name);
      if (!file) continue;
      writer.push(libraryAccesses, {
        id: ids.next('library_accesses'),
        promotionId,
        fileId: file.id,
        fileName: file.name,
        userId,
        kind,
        createdAt: clock.ago(ago),
      });
    }
    seeded.push({ promotionId, files: [...created.values()] });
  }
  return seeded;
};
