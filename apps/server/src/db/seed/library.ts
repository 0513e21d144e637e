import { BROCHURE_FILE_TYPE_ID } from '@promovente/shared';
import { fileFolders, files, libraryAccesses } from '../schema/index.js';
import { type DemoDocument, type DemoLot, demoPdf, demoPriceGrid, storeDemoContent } from './contents.js';
import type { Ctx, LotRec } from './demo.js';
import type { PromotionSpec } from './layout.js';
import { DAY, HOUR } from './timeline.js';

/**
 * The documents library of the demo promotions (docs/product/documents.md): folders, files
 * of each type with their access flags and candidate minimum statuses, and a data-room log.
 * With a storage (the server's first start, `npm run seed`) every file has a real content
 * (contents.ts: PDFs, the price grid workbook) whose size and type the row carries; without one
 * (the test databases) the rows name contents that do not exist and their download answers
 * 'Fichier introuvable'.
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

/** The few lines of French each demo PDF says (its title and the promotion come first). */
const PARAGRAPHS: Record<string, (promotion: PromotionSpec) => string[]> = {
  'Brochure.pdf': (p) => [
    `${p.title} : des appartements de 2,5 à 5,5 pièces à ${p.city}, en propriété par étages, à quelques minutes du centre et des transports publics.`,
    'Construction Minergie, chauffage par pompe à chaleur, grandes baies vitrées et terrasses ou jardins privatifs pour chaque logement.',
    'Les prix ci-dessous comprennent le logement seul ; places de parc et caves sont proposées en sus. Entrée en jouissance prévue au printemps 2027.',
  ],
  'Plans de situation.pdf': (p) => [
    `Situation des bâtiments de ${p.title} sur la parcelle n° ${p.parcel} de la commune de ${p.city}.`,
    `Accès : ${p.buildings.map((b) => `${b.title}, ${b.street}`).join(' ; ')}.`,
    'Les distances aux limites et les alignements sont ceux du permis de construire délivré par la commune.',
  ],
  'Plans des étages.pdf': (p) => [
    `Plans des étages courants des bâtiments de ${p.title}, à l'échelle 1:100.`,
    'Les cotes sont brutes, de mur à mur ; les surfaces habitables sont calculées selon la norme SIA 416.',
    'Les aménagements intérieurs (cuisines, salles de bains) sont indicatifs et peuvent être adaptés selon le choix des acquéreurs.',
  ],
  'Plans des attiques.pdf': (p) => [
    `Plans des attiques de ${p.title}, avec leurs terrasses en toiture.`,
    'Chaque attique dispose d’une terrasse de plus de 40 m² orientée au sud-ouest et d’un accès direct par ascenseur.',
  ],
  'Descriptif de construction.pdf': (p) => [
    `Descriptif général des travaux de ${p.title}.`,
    'Gros œuvre : structure en béton armé, façades isolées par l’extérieur (crépi minéral), toiture plate végétalisée.',
    'Second œuvre : fenêtres bois-métal triple vitrage, parquet chêne dans les pièces de vie, carrelage grès cérame dans les pièces d’eau.',
    'Installations : pompe à chaleur air-eau, chauffage au sol, ventilation double flux, panneaux photovoltaïques en toiture.',
  ],
  "Projet d'acte de vente.pdf": (p) => [
    `Projet d'acte de vente à terme d'une part de propriété par étages de ${p.title}, ${p.zip} ${p.city}.`,
    'Le vendeur s’engage à vendre et l’acquéreur à acheter le lot désigné ci-après, au prix convenu, payable selon l’échéancier annexé.',
    'Ce projet est soumis à la relecture des parties avant la signature devant notaire. Il n’a pas valeur d’acte authentique.',
  ],
  'Règlement de copropriété PPE.pdf': (p) => [
    `Règlement d'administration et d'utilisation de la propriété par étages ${p.title}.`,
    'Art. 1 : Le présent règlement régit les droits et obligations des copropriétaires ainsi que l’usage des parties communes.',
    'Art. 2 : Les frais communs sont répartis entre les copropriétaires au prorata de leurs quotes-parts.',
  ],
  'Rapport de chantier - mars.pdf': (p) => [
    `Rapport mensuel de l'avancement des travaux de ${p.title}.`,
    'Gros œuvre : dalle du 2e étage coulée, murs du 3e étage en cours. Avancement conforme au planning.',
    'Points d’attention : livraison des fenêtres décalée de deux semaines, sans incidence sur la date de remise des clés.',
  ],
  'Planning des travaux.pdf': (p) => [
    `Planning général des travaux de ${p.title}.`,
    'Terrassement : terminé. Gros œuvre : jusqu’à fin juin. Second œuvre : de juillet à février. Aménagements extérieurs : mars.',
    'Remise des clés prévue au printemps 2027, sous réserve des conditions météorologiques.',
  ],
};

/** The main lots of a promotion with their total price (their associated lots' not included added). */
const mainLotsOf = (lotRecs: LotRec[]): DemoLot[] => {
  const extra = new Map<string, number>();
  for (const l of lotRecs) {
    if (l.spec.parentReference && !l.spec.priceIncluded) {
      extra.set(l.spec.parentReference, (extra.get(l.spec.parentReference) ?? 0) + l.spec.rawPrice);
    }
  }
  return lotRecs
    .filter((l) => !l.spec.parentReference)
    .map((l) => ({
      reference: l.spec.reference,
      title: l.spec.title,
      nbRooms: l.spec.nbRooms,
      areaHab: l.spec.areaHab,
      rawPrice: l.spec.rawPrice,
      price: l.spec.rawPrice + (extra.get(l.spec.reference) ?? 0),
    }));
};

const MIME = { pdf: 'application/pdf', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** Each promotion's library files (id, name, whether candidates may see it): the scale seed logs views of them. */
export type SeededLibrary = { promotionId: number; files: { id: number; name: string; candidate: boolean }[] }[];

/**
 * The library of each promotion. With `content` (the demo's promotions) and a storage, the files
 * are stored for real; without (the scale seed, the test databases), rows only.
 */
export const seedLibrary = async (
  ctx: Ctx,
  promos: readonly { id: number; content?: { spec: PromotionSpec; lots: LotRec[] } }[],
): Promise<SeededLibrary> => {
  const { clock, ids, writer, users: u } = ctx;
  const seeded: SeededLibrary = [];
  for (const [index, promo] of promos.entries()) {
    const promotionId = promo.id;
    const content = promo.content;
    const storage = content ? ctx.storage : undefined;
    const lots = content ? mainLotsOf(content.lots) : [];
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
      const uuid = `d0c5eed0-0000-4000-8000-${String(id).padStart(12, '0')}`;
      const createdAt = clock.ago((50 - position * 4) * DAY);
      const xlsx = file.name.endsWith('.xlsx');
      const document: DemoDocument = {
        title: file.name.replace(/\.pdf$/, ''),
        promotion: content?.spec as PromotionSpec,
        paragraphs: content ? (PARAGRAPHS[file.name]?.(content.spec) ?? []) : [],
        brochure: file.type === BROCHURE_FILE_TYPE_ID ? { lots } : undefined,
        date: createdAt,
      };
      const stored = await storeDemoContent(storage, () => (xlsx ? demoPriceGrid(content?.spec.title ?? '', lots) : demoPdf(document)), {
        key: uuid,
        size: file.kb * 1_024,
      });
      writer.push(files, {
        id,
        uuid,
        promotionId,
        name: file.name,
        mime: xlsx ? MIME.xlsx : MIME.pdf,
        ...stored,
        owner: 'library',
        folderId: file.folder ? (folderIds.get(file.folder) ?? null) : null,
        typeId: file.type,
        accessCandidate: file.candidate,
        accessPromoter: file.promoter,
        accessNotary: file.notary,
        accessInvestor: file.investor,
        candidateMinStatus: file.minStatus,
        createdById: position % 3 === 0 ? u.pilot : u.courtier,
        createdAt,
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
