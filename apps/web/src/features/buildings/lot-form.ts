import { type AdminLot, habitableAreaLabel, isParkingLotType, type LotType, ppeAreaLabel } from '@promovente/shared';

/**
 * The lot form's rules (docs/product/promotion-administration.md#validation), pure so that they
 * read as a specification (lot-form.test.ts): the surface labels follow the type, the outdoor
 * areas are disabled (and 0) for a parking type, name_child and price_included exist only on an
 * associated lot.
 */
export type LotFormValues = {
  reference: string;
  title: string;
  lot_type_id: string;
  floor_id: string;
  nb_rooms: string;
  raw_price: string;
  area_ppe: string;
  area_hab: string;
  area_jar: string;
  area_bal: string;
  area_ter: string;
  exposure: string;
  lot_ppe: string;
  feuillet_ppe: string;
  name_child: string;
  price_included: boolean;
};

export const OUTDOOR_AREAS = ['area_jar', 'area_bal', 'area_ter'] as const;

const typeTitleOf = (types: readonly LotType[], typeId: string) => types.find((t) => String(t.id) === typeId)?.title ?? null;

/** The two surface labels: 'SPB' or 'PPE'; 'utile', 'pondérée' or 'habitable'. */
export const surfaceLabels = (types: readonly LotType[], typeId: string) => {
  const title = typeTitleOf(types, typeId);
  return { ppe: `Surface ${ppeAreaLabel(title)} (m²)`, hab: `Surface ${habitableAreaLabel(title)} (m²)` };
};

/** Garden, balcony and terrace areas are disabled for a parking type (id below 5). */
export const outdoorAreasDisabled = (typeId: string) => typeId !== '' && isParkingLotType(Number(typeId));

const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

/**
 * The form's values: an existing lot's, or the reference's defaults (1 room, areas 0, price not
 * included). A new lot's price starts empty: it is typed, never 0 by default (0 CHF is refused
 * nowhere, but only a typed 0 is a price).
 */
export const lotFormDefaults = (lot?: AdminLot | null): LotFormValues => ({
  reference: lot?.reference ?? '',
  title: lot?.title ?? '',
  lot_type_id: text(lot?.lot_type_id),
  floor_id: text(lot?.floor_id),
  nb_rooms: text(lot?.nb_rooms ?? 1),
  raw_price: text(lot?.raw_price),
  area_ppe: text(lot?.area_ppe ?? 0),
  area_hab: text(lot?.area_hab ?? 0),
  area_jar: text(lot?.area_jar ?? 0),
  area_bal: text(lot?.area_bal ?? 0),
  area_ter: text(lot?.area_ter ?? 0),
  exposure: lot?.exposure ?? '',
  lot_ppe: lot?.lot_ppe ?? '',
  feuillet_ppe: lot?.feuillet_ppe ?? '',
  name_child: lot?.name_child ?? '',
  price_included: lot?.price_included ?? false,
});

/**
 * What the form sends: a parking type's outdoor areas as 0 (its inputs are disabled), and the
 * associated lots' own fields only for an associated lot.
 */
export const lotPayload = (values: LotFormValues, associated: boolean): Record<string, unknown> => {
  const { name_child, price_included, ...rest } = values;
  const payload: Record<string, unknown> = { ...rest };
  if (outdoorAreasDisabled(values.lot_type_id)) for (const key of OUTDOOR_AREAS) payload[key] = 0;
  if (associated) Object.assign(payload, { name_child, price_included });
  return payload;
};
