import { z } from 'zod';
import { idOf, idSchema, requiredFieldMessage, requiredText, textOf, textSchema, zipSchema } from './common.js';
import { isParkingLotType } from './lots.js';

/**
 * The 'Lots' menu of the promotion record: buildings, main lots and associated lots
 * (docs/product/promotion-administration.md#lots-menu, #validation, #states). The texts the
 * reference does not give are fixed here once, for the server and the client.
 */
export const BUILDING_MESSAGES = {
  empty: "Vous n'avez pas encore créé d'immeuble.",
  noLots: "Cet immeuble n'a pas encore de lot.",
  noChildren: "Ce lot n'a aucun lot associé.",
  titleRequired: 'Le titre est requis',
  cityRequired: 'La localité est requise',
  referenceRequired: 'La référence est requise',
  typeRequired: 'Le type est requis',
  floorRequired: "L'étage est requis",
  priceMin: 'Le prix doit être un nombre entier supérieur ou égal à 0',
  roomsMin: 'Le nombre de pièces doit être au moins 1',
  roomsStep: 'Le nombre de pièces va par demi-pièce (1, 1.5, 2, ...)',
  areaMin: 'La surface doit être un nombre supérieur ou égal à 0',
  exposureInvalid: 'Exposition invalide',
  parkingAreas: "Un lot de type parking n'a ni jardin, ni balcon, ni terrasse",
  childOnlyFields: 'Le nom et « prix inclus » ne concernent que les lots associés',
  chooseLot: 'Choisissez un lot',
  parentNotMain: 'Le lot principal choisi est lui-même un lot associé',
  parentIsSelf: 'Un lot ne peut pas être associé à lui-même',
  hasChildren: 'Ce lot a des lots associés : il ne peut pas devenir un lot associé',
  liveApplications: 'Ce lot a un dossier de vente en cours : il ne peut pas être supprimé.',
  /** The lots named (five at most, then how many more) carry sales files: the admin knows where to look. */
  buildingHasApplications: (references: readonly string[]) => {
    const shown = references.slice(0, 5).join(', ');
    const more = references.length > 5 ? ` et ${references.length - 5} autre(s)` : '';
    return `Cet immeuble a des dossiers de vente sur ${references.length > 1 ? 'ses lots' : 'son lot'} ${shown}${more} : il ne peut pas être supprimé.`;
  },
  buildingDeleted: 'Immeuble supprimé',
  confirmDeleteBuilding: (title: string) => `Êtes-vous sûr de vouloir supprimer l'immeuble « ${title} » ?`,
  deleteBuildingLots: (count: number) =>
    count === 0
      ? "Il n'a aucun lot."
      : `${count === 1 ? 'Son lot sera supprimé' : `Ses ${count} lots seront supprimés`} avec lui, avec leur historique et leurs tâches.`,
  buildingCreated: 'Immeuble créé',
  buildingUpdated: 'Immeuble mis à jour',
  lotCreated: 'Lot créé',
  lotUpdated: 'Lot mis à jour',
  lotDeleted: 'Lot supprimé',
  lotAttached: 'Lot associé',
  lotDissociated: 'Lot dissocié',
  confirmDissociate: (child: string, parent: string) =>
    `Voulez-vous vraiment dissocier le lot ${child} du lot ${parent} ? Il redeviendra un lot principal.`,
  lotMoved: 'Lot déplacé',
} as const;

/** The eight exposures (docs/product/promotion-administration.md#validation). */
export const LOT_EXPOSURES = ['Nord', 'Sud', 'Est', 'Ouest', 'Nord-Est', 'Nord-Ouest', 'Sud-Est', 'Sud-Ouest'] as const;
export type LotExposure = (typeof LOT_EXPOSURES)[number];

/** Lot type titles the surface labels depend on. */
const VILLA = 'Villa';
const APARTMENT = 'Appartement';

/** The PPE surface reads 'SPB' for a Villa, else 'PPE'. */
export const ppeAreaLabel = (typeTitle: string | null | undefined) => (typeTitle === VILLA ? 'SPB' : 'PPE');

/** The habitable surface reads 'utile' for a Villa, 'pondérée' for an Appartement, else 'habitable'. */
export const habitableAreaLabel = (typeTitle: string | null | undefined) =>
  typeTitle === VILLA ? 'utile' : typeTitle === APARTMENT ? 'pondérée' : 'habitable';

// ---------------------------------------------------------------------------------------------
// Params

export const buildingParamsSchema = z.object({ id: idSchema, buildingId: idSchema });
export const buildingLotParamsSchema = z.object({ id: idSchema, buildingId: idSchema, lotId: idSchema });

// ---------------------------------------------------------------------------------------------
// Buildings

/** An optional free text: trimmed, empty is null. */
const optionalText = z
  .union([textSchema, z.null()])
  .transform((value) => {
    const text = value?.trim() ?? '';
    return text === '' ? null : text;
  })
  // Outside the transform: a field left out stays left out (an update changes only what it sends).
  .optional();

/** POST promotions/{id}/buildings and POST promotions/{id}/buildings/{buildingId}: title and city required. */
export const buildingInputSchema = z.object({
  title: requiredText(BUILDING_MESSAGES.titleRequired).transform((v) => v.trim()),
  city: requiredText(BUILDING_MESSAGES.cityRequired).transform((v) => v.trim()),
  street: optionalText.transform((v) => v ?? null),
  zip: zipSchema,
});
export type BuildingInput = z.input<typeof buildingInputSchema>;
export type BuildingValues = z.output<typeof buildingInputSchema>;

export const buildingRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  street: z.string().nullable(),
  city: z.string(),
  zip: z.string().nullable(),
  /** Main lots and every lot (main and associated) of the building. */
  main_lots_count: z.number(),
  lots_count: z.number(),
});
export type BuildingRow = z.infer<typeof buildingRowSchema>;

export const buildingsListSchema = z.object({ data: z.array(buildingRowSchema) });
export type BuildingsList = z.infer<typeof buildingsListSchema>;
export const buildingAnswerSchema = z.object({ data: buildingRowSchema, message: z.string() });
export type BuildingAnswer = z.infer<typeof buildingAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Lots

/** A number given as a number or as text (a form field); empty is the default. */
const numberOf = (message: string, fallback: number) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return fallback;
      if (typeof value === 'string') {
        const text = value
          .trim()
          .replace(/['’\s]/g, '')
          .replace(',', '.');
        return text === '' ? fallback : Number(text);
      }
      return value;
    },
    z.number({ error: message }).finite({ error: message }),
  );

const areaSchema = numberOf(BUILDING_MESSAGES.areaMin, 0).pipe(
  z.number().min(0, BUILDING_MESSAGES.areaMin).max(999_999, BUILDING_MESSAGES.areaMin),
);

const roomsSchema = numberOf(BUILDING_MESSAGES.roomsMin, 1).pipe(
  z
    .number()
    .min(1, BUILDING_MESSAGES.roomsMin)
    .max(99, BUILDING_MESSAGES.roomsStep)
    .refine((v) => Number.isInteger(v * 2), BUILDING_MESSAGES.roomsStep),
);

/**
 * 'Prix (CHF)': required, a whole number of CHF >= 0. An emptied field ('', spaces, null) is
 * refused naming the field, never read as 0; 0 is a price only when typed (an associated lot
 * included in its main lot's price): docs/product/promotion-administration.md#validation.
 */
const priceSchema = z.preprocess(
  (value) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value !== 'string') return value;
    const text = value
      .trim()
      .replace(/['’\s]/g, '')
      .replace(',', '.');
    return text === '' ? undefined : Number(text);
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? requiredFieldMessage(issue.path ?? []) : BUILDING_MESSAGES.priceMin) })
    .int(BUILDING_MESSAGES.priceMin)
    .min(0, BUILDING_MESSAGES.priceMin)
    .max(2_000_000_000, BUILDING_MESSAGES.priceMin),
);

/** A required reference id (type, floor): an empty select answers the field's own message. */
const requiredId = (message: string) => z.preprocess((value) => (value === '' || value === null ? undefined : value), idOf(message));

/** 0 or 1, a boolean, or the form's checkbox. */
const flagSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: 'Valeur invalide' })
  .transform((v) => v === true || v === 1 || v === '1');

const exposureSchema = z
  .union([z.enum(LOT_EXPOSURES, { error: BUILDING_MESSAGES.exposureInvalid }), z.literal(''), z.null()], {
    error: BUILDING_MESSAGES.exposureInvalid,
  })
  .transform((v) => (v === '' ? null : v))
  .optional();

/** Trimmed (lot_ppe, feuillet_ppe, name_child): empty is null. */
const trimmedText = optionalText;

/** The fields of a lot; every one optional so that the update sends only what changes. */
const lotFields = {
  reference: textOf({ error: BUILDING_MESSAGES.referenceRequired })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, BUILDING_MESSAGES.referenceRequired),
  lot_type_id: requiredId(BUILDING_MESSAGES.typeRequired),
  floor_id: requiredId(BUILDING_MESSAGES.floorRequired),
  title: optionalText,
  parent_id: z.union([idSchema, z.null()]),
  nb_rooms: roomsSchema,
  name_child: trimmedText,
  raw_price: priceSchema,
  price_included: flagSchema,
  area_ppe: areaSchema,
  area_hab: areaSchema,
  area_jar: areaSchema,
  area_bal: areaSchema,
  area_ter: areaSchema,
  exposure: exposureSchema,
  lot_ppe: trimmedText,
  feuillet_ppe: trimmedText,
};

/** What the consistency rules read of a lot. */
export type LotShape = {
  lot_type_id: number;
  parent_id: number | null;
  area_jar: number;
  area_bal: number;
  area_ter: number;
  name_child?: string | null;
  price_included: boolean;
};

/**
 * The rules between fields (docs/product/promotion-administration.md#validation), for the form,
 * the create call and the merged state of an update: a parking type (id below 5) has no garden,
 * balcony or terrace area; name_child and price_included belong to associated lots only.
 */
export const lotShapeIssues = (lot: LotShape): { path: keyof LotShape; message: string }[] => {
  const issues: { path: keyof LotShape; message: string }[] = [];
  if (isParkingLotType(lot.lot_type_id)) {
    for (const path of ['area_jar', 'area_bal', 'area_ter'] as const) {
      if (lot[path] > 0) issues.push({ path, message: BUILDING_MESSAGES.parkingAreas });
    }
  }
  if (lot.parent_id === null) {
    if ((lot.name_child ?? null) !== null) issues.push({ path: 'name_child', message: BUILDING_MESSAGES.childOnlyFields });
    if (lot.price_included) issues.push({ path: 'price_included', message: BUILDING_MESSAGES.childOnlyFields });
  }
  return issues;
};

/** POST promotions/{id}/buildings/{buildingId}/lots: a main lot, or an associated lot with parent_id. */
export const createLotSchema = z
  .object({
    ...lotFields,
    title: lotFields.title,
    parent_id: lotFields.parent_id.optional().transform((v) => v ?? null),
    nb_rooms: lotFields.nb_rooms.optional().transform((v) => v ?? 1),
    price_included: lotFields.price_included.optional().transform((v) => v ?? false),
    area_ppe: lotFields.area_ppe.optional().transform((v) => v ?? 0),
    area_hab: lotFields.area_hab.optional().transform((v) => v ?? 0),
    area_jar: lotFields.area_jar.optional().transform((v) => v ?? 0),
    area_bal: lotFields.area_bal.optional().transform((v) => v ?? 0),
    area_ter: lotFields.area_ter.optional().transform((v) => v ?? 0),
  })
  .superRefine((lot, ctx) => {
    for (const issue of lotShapeIssues(lot)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type CreateLotInput = z.input<typeof createLotSchema>;
export type LotValues = z.output<typeof createLotSchema>;

/**
 * PUT promotions/{id}/buildings/{buildingId}/lots/{lotId}: the fields that change. parent_id
 * attaches (a main lot's id), dissociates (null) or moves (another main lot's id).
 */
export const updateLotFieldsSchema = z.object({
  reference: lotFields.reference.optional(),
  lot_type_id: lotFields.lot_type_id.optional(),
  floor_id: lotFields.floor_id.optional(),
  title: lotFields.title,
  parent_id: lotFields.parent_id.optional(),
  nb_rooms: lotFields.nb_rooms.optional(),
  name_child: lotFields.name_child,
  raw_price: lotFields.raw_price.optional(),
  price_included: lotFields.price_included.optional(),
  area_ppe: lotFields.area_ppe.optional(),
  area_hab: lotFields.area_hab.optional(),
  area_jar: lotFields.area_jar.optional(),
  area_bal: lotFields.area_bal.optional(),
  area_ter: lotFields.area_ter.optional(),
  exposure: lotFields.exposure,
  lot_ppe: lotFields.lot_ppe,
  feuillet_ppe: lotFields.feuillet_ppe,
});
export type UpdateLotFieldsInput = z.input<typeof updateLotFieldsSchema>;
export type UpdateLotFieldsValues = z.output<typeof updateLotFieldsSchema>;

/** A lot as the administration screens show it. */
export const adminLotSchema = z.object({
  id: z.number(),
  building_id: z.number(),
  parent_id: z.number().nullable(),
  reference: z.string(),
  title: z.string(),
  lot_type_id: z.number(),
  type: z.string(),
  floor_id: z.number(),
  floor: z.string(),
  nb_rooms: z.number(),
  name_child: z.string().nullable(),
  raw_price: z.number(),
  price_included: z.boolean(),
  area_ppe: z.number(),
  area_hab: z.number(),
  area_jar: z.number(),
  area_bal: z.number(),
  area_ter: z.number(),
  exposure: z.string().nullable(),
  lot_ppe: z.string().nullable(),
  feuillet_ppe: z.string().nullable(),
  /** The derived displayed status (0 Disponible ... 4 Signé) and its French name. */
  status: z.number(),
  status_text: z.string(),
  children_count: z.number(),
});
export type AdminLot = z.infer<typeof adminLotSchema>;

/**
 * A row of a building's main lots: what its table shows (reference, type, floor, rooms, areas,
 * price, status, associated lots), not the whole lot. The lot's page reads the rest (issue 20,
 * lean pages).
 */
export const buildingMainLotSchema = adminLotSchema.pick({
  id: true,
  reference: true,
  type: true,
  floor: true,
  nb_rooms: true,
  area_ppe: true,
  area_hab: true,
  raw_price: true,
  status: true,
  status_text: true,
  children_count: true,
});
export type BuildingMainLot = z.infer<typeof buildingMainLotSchema>;

/** GET promotions/{id}/buildings/{buildingId}/lots: the building and its main lots. */
export const buildingLotsSchema = z.object({ data: z.object({ building: buildingRowSchema, lots: z.array(buildingMainLotSchema) }) });
export type BuildingLots = z.infer<typeof buildingLotsSchema>;

/** A lot another one may be attached to or moved under, or may be attached (the pickers). */
export const lotChoiceSchema = z.object({
  id: z.number(),
  reference: z.string(),
  building_id: z.number(),
  building: z.string(),
  type: z.string(),
});
export type LotChoice = z.infer<typeof lotChoiceSchema>;

/** GET promotions/{id}/buildings/{buildingId}/lots/{lotId}: the lot, its building, parent and associated lots. */
export const buildingLotDetailSchema = z.object({
  data: z.object({
    building: buildingRowSchema,
    lot: adminLotSchema,
    /** The main lot of an associated lot (with its building), else null. */
    parent: adminLotSchema.extend({ building: z.string() }).nullable(),
    children: z.array(adminLotSchema),
  }),
});
export type BuildingLotDetail = z.infer<typeof buildingLotDetailSchema>;

/**
 * GET promotions/{id}/buildings/{buildingId}/lots/{lotId}/choices: the choices of the lot page's
 * two pickers, read when one opens (every lot of the promotion: 300 KB at 2,000 lots, which the
 * page itself no longer carries).
 */
export const buildingLotChoicesSchema = z.object({
  data: z.object({
    /** Lots that may be attached here: no parent, not this lot, no children (a main lot's page only). */
    attachable: z.array(lotChoiceSchema),
    /** Main lots an associated lot of this page may move under (every main lot but this one). */
    move_targets: z.array(lotChoiceSchema),
  }),
});
export type BuildingLotChoices = z.infer<typeof buildingLotChoicesSchema>;

export const lotAnswerSchema = z.object({ data: adminLotSchema, message: z.string() });
export type LotAnswer = z.infer<typeof lotAnswerSchema>;

/** The pickers 'Associer un lot existant' and 'Déplacer': one lot must be chosen. */
export const lotChoiceFormSchema = z.object({ lot_id: idOf(BUILDING_MESSAGES.chooseLot) });
