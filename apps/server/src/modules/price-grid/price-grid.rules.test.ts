import { LOT_MESSAGES, PRICE_GRID_COLUMNS, PRICE_GRID_MESSAGES } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import {
  type CurrentLot,
  columnsOfHeader,
  numberOf,
  type ParsedGridRow,
  type PlanContext,
  parseGridRow,
  planGrid,
  refusalOf,
  refuseDuplicates,
  type SheetRow,
} from './price-grid.rules.js';

const reference = {
  floors: [
    { id: 2, title: 'RDC' },
    { id: 4, title: '1er' },
    { id: 5, title: '2ème' },
  ],
  types: [
    { id: 1, title: 'Place de parc intérieure' },
    { id: 5, title: 'Appartement' },
    { id: 6, title: 'Villa' },
  ],
};
const ALL = new Set(PRICE_GRID_COLUMNS.map((c) => c.field));

const row = (cells: SheetRow['cells'], line = 2): SheetRow => ({
  line,
  cells: {
    reference: 'A-101',
    title: 'Appartement 4.5 pièces',
    building: 'Bâtiment A',
    floor: 'RDC',
    type: 'Appartement',
    nb_rooms: 4.5,
    area_hab: 112.5,
    area_ppe: 120,
    exposure: 'Sud-Ouest',
    raw_price: 1_250_000,
    lot_ppe: ' 12.3 ',
    feuillet_ppe: '4567',
    ...cells,
  },
});

/** The reasons of a refused row, by column header. */
const refusals = (cells: SheetRow['cells'], present = ALL) => {
  const result = parseGridRow(row(cells), present, reference);
  return Array.isArray(result) ? result : [];
};

describe('the header row: the columns of Liste des lots', () => {
  it('finds each column by its French header, whatever the case, accents, spaces or order, and reads past the others', () => {
    const { columns, missing } = columnsOfHeader([null, 'Statut', ' lot ', 'PRIX (CHF)', 'Etage', 'Candidats', 'Immeuble']);
    expect(missing).toEqual([]);
    expect(Object.fromEntries(columns)).toEqual({ reference: 2, raw_price: 3, floor: 4, building: 6 });
  });

  it("needs the 'Lot' column, the key of every row", () => {
    expect(columnsOfHeader(['Titre', 'Prix (CHF)']).missing).toEqual(['Lot']);
  });
});

describe('numbers as a Swiss user types them', () => {
  it("reads 1'250'000, 1 250 000 CHF, 85,5 m² and numbers; empty is null, words are NaN", () => {
    expect(numberOf("1'250'000")).toBe(1_250_000);
    expect(numberOf('1 250 000 CHF')).toBe(1_250_000);
    expect(numberOf('85,5 m²')).toBe(85.5);
    expect(numberOf(42)).toBe(42);
    expect(numberOf('  ')).toBeNull();
    expect(numberOf('beaucoup')).toBeNaN();
  });
});

describe('the row rules (docs/product/promotion-administration.md#validation)', () => {
  it('parses a full row: floor and type by their titles, PPE fields trimmed, the exposure canonical', () => {
    expect(parseGridRow(row({ exposure: 'sud - ouest', floor: 'rdc' }), ALL, reference)).toEqual({
      line: 2,
      reference: 'A-101',
      title: 'Appartement 4.5 pièces',
      building: 'Bâtiment A',
      floorId: 2,
      typeId: 5,
      nb_rooms: 4.5,
      area_hab: 112.5,
      area_ppe: 120,
      exposure: 'Sud-Ouest',
      raw_price: 1_250_000,
      lot_ppe: '12.3',
      feuillet_ppe: '4567',
    });
  });

  it('requires the reference, the building, the floor and the type', () => {
    expect(refusals({ reference: ' ' })).toEqual([{ column: 'Lot', reason: 'La référence du lot est requise' }]);
    expect(refusals({ building: '' })).toEqual([{ column: 'Immeuble', reason: "L'immeuble est requis" }]);
    expect(refusals({ floor: null })).toEqual([{ column: 'Étage', reason: "L'étage est requis" }]);
    expect(refusals({ type: '' })).toEqual([{ column: 'Type', reason: 'Le type de lot est requis' }]);
  });

  it('refuses an unknown floor or type, naming the accepted titles', () => {
    expect(refusals({ floor: '12ème' })).toEqual([{ column: 'Étage', reason: 'Étage inconnu : « 12ème » (RDC, 1er, 2ème)' }]);
    expect(refusals({ type: 'Château' })[0].reason).toBe(
      'Type de lot inconnu : « Château » (Place de parc intérieure, Appartement, Villa)',
    );
  });

  it('takes rooms from 1, by half rooms, below 1 left to the plan (the lot’s own value passes); empty is the default of 1', () => {
    const reason = 'Le nombre de pièces doit être au moins 1, par demi-pièce (1 ; 1,5 ; 2 ; ...)';
    expect(refusals({ nb_rooms: 2.3 })).toEqual([{ column: 'Pièces', reason }]);
    expect(refusals({ nb_rooms: -1 })).toEqual([{ column: 'Pièces', reason }]);
    expect(refusals({ nb_rooms: 'trois' })).toEqual([{ column: 'Pièces', reason }]);
    expect(parseGridRow(row({ nb_rooms: '3,5' }), ALL, reference)).toMatchObject({ nb_rooms: 3.5 });
    expect(parseGridRow(row({ nb_rooms: null }), ALL, reference)).toMatchObject({ nb_rooms: 1 });
    expect(parseGridRow(row({ nb_rooms: 0 }), ALL, reference)).toMatchObject({ nb_rooms: 0, roomsRefusal: reason });
    // With another refused cell, said with it at once.
    expect(refusals({ nb_rooms: 0.5, raw_price: -1 })).toEqual([
      { column: 'Pièces', reason },
      { column: 'Prix (CHF)', reason: LOT_MESSAGES.priceMin },
    ]);
  });

  it('takes the price as whole CHF from 0 (the lots screen messages); an empty price is refused, never 0 CHF', () => {
    expect(refusals({ raw_price: null })).toEqual([{ column: 'Prix (CHF)', reason: PRICE_GRID_MESSAGES.emptyPrice }]);
    expect(refusals({ raw_price: ' ' })).toEqual([{ column: 'Prix (CHF)', reason: PRICE_GRID_MESSAGES.emptyPrice }]);
    expect(parseGridRow(row({ raw_price: 0 }), ALL, reference)).toMatchObject({ raw_price: 0 });
    expect(refusals({ raw_price: -1 })).toEqual([{ column: 'Prix (CHF)', reason: LOT_MESSAGES.priceMin }]);
    expect(refusals({ raw_price: 1000.5 })).toEqual([{ column: 'Prix (CHF)', reason: LOT_MESSAGES.priceInteger }]);
    expect(refusals({ raw_price: 'sur demande' })).toEqual([{ column: 'Prix (CHF)', reason: LOT_MESSAGES.priceInteger }]);
    expect(parseGridRow(row({ raw_price: "980'000" }), ALL, reference)).toMatchObject({ raw_price: 980_000 });
  });

  it('takes areas as positive m²', () => {
    expect(refusals({ area_hab: -3 })).toEqual([
      { column: 'Surface habitable (m²)', reason: 'La surface doit être un nombre positif ou nul, en m²' },
    ]);
    expect(parseGridRow(row({ area_ppe: '' }), ALL, reference)).toMatchObject({ area_ppe: 0 });
  });

  it('takes only the eight exposures; empty is none', () => {
    expect(refusals({ exposure: 'Nord-Nord' })[0]).toEqual({
      column: 'Exposition',
      reason: 'Exposition inconnue : « Nord-Nord » (Nord, Sud, Est, Ouest, Nord-Est, Nord-Ouest, Sud-Est, Sud-Ouest)',
    });
    expect(parseGridRow(row({ exposure: '' }), ALL, reference)).toMatchObject({ exposure: null });
  });

  it('trims the PPE fields; empty is none', () => {
    expect(parseGridRow(row({ lot_ppe: '   ', feuillet_ppe: ' 88 ' }), ALL, reference)).toMatchObject({
      lot_ppe: null,
      feuillet_ppe: '88',
    });
  });

  it('answers every refused cell of a row at once, in one line of the preview', () => {
    const found = refusals({ floor: 'Cave', raw_price: -5 });
    expect(refusalOf(7, 'A-101', found)).toEqual({
      line: 7,
      reference: 'A-101',
      column: 'Étage, Prix (CHF)',
      reason: `Étage inconnu : « Cave » (RDC, 1er, 2ème) ; ${LOT_MESSAGES.priceMin}`,
    });
  });

  it('refuses a cell the file holds no value for, in any column: a formula saved without its result, a formula error', () => {
    expect(refusals({ raw_price: { problem: 'formula', text: '' }, floor: { problem: 'error', text: '#REF!' } })).toEqual([
      { column: 'Étage', reason: PRICE_GRID_MESSAGES.formulaError('#REF!') },
      { column: 'Prix (CHF)', reason: PRICE_GRID_MESSAGES.formulaWithoutResult },
    ]);
    expect(refusals({ reference: { problem: 'formula', text: '' } })).toEqual([
      { column: 'Lot', reason: PRICE_GRID_MESSAGES.formulaWithoutResult },
    ]);
  });

  it('leaves a column absent from the sheet out of the row (the lot keeps its value)', () => {
    const present = new Set(['reference', 'raw_price'] as const);
    expect(parseGridRow({ line: 3, cells: { reference: 'A-101', raw_price: 990_000 } }, present, reference)).toEqual({
      line: 3,
      reference: 'A-101',
      raw_price: 990_000,
    });
  });

  it('refuses a reference already given higher in the file', () => {
    const rows = [
      { line: 2, reference: 'A-1' },
      { line: 3, reference: 'A-2' },
      { line: 4, reference: 'A-1' },
    ];
    const { kept, refused } = refuseDuplicates(rows);
    expect(kept.map((r) => r.line)).toEqual([2, 3]);
    expect(refused).toEqual([{ line: 4, reference: 'A-1', column: 'Lot', reason: 'Référence en double : déjà à la ligne 2' }]);
  });
});

const lot = (values: Partial<CurrentLot> = {}): CurrentLot => ({
  id: 10,
  reference: 'A-101',
  parentId: null,
  status: 0,
  title: 'Appartement 4.5 pièces',
  buildingId: 1,
  floorId: 2,
  typeId: 5,
  nb_rooms: 4.5,
  area_hab: 112.5,
  area_ppe: 120,
  area_jar: 0,
  area_bal: 8,
  area_ter: 0,
  exposure: 'Sud-Ouest',
  raw_price: 1_250_000,
  lot_ppe: '12.3',
  feuillet_ppe: '4567',
  ...values,
});

const context = (lots: CurrentLot[]): PlanContext => ({
  ...reference,
  buildings: [
    { id: 1, title: 'Bâtiment A' },
    { id: 2, title: 'Bâtiment B' },
  ],
  lots,
});

const parsed = (cells: SheetRow['cells'] = {}, line = 2) => parseGridRow(row(cells, line), ALL, reference) as ParsedGridRow;

describe('the plan: rows against the promotion lots', () => {
  it('counts a row equal to its lot as unchanged (an export imported back changes nothing)', () => {
    expect(planGrid([parsed()], context([lot()]))).toEqual({ creations: [], changes: [], unchanged: 1, refused: [] });
  });

  it('changes a known reference, with before and after per changed field as the history keeps them', () => {
    const plan = planGrid([parsed({ raw_price: 1_190_000, floor: '1er', building: 'Bâtiment B', exposure: '' })], context([lot()]));
    expect(plan.changes).toHaveLength(1);
    expect(plan.changes[0]).toMatchObject({ line: 2, lot_id: 10, reference: 'A-101' });
    expect(plan.changes[0].changes).toEqual([
      { field: 'building', label: 'Immeuble', from: 'Bâtiment A', to: 'Bâtiment B' },
      { field: 'floor', label: 'Étage', from: 'RDC', to: '1er' },
      { field: 'exposure', label: 'Exposition', from: 'Sud-Ouest', to: '' },
      { field: 'raw_price', label: 'Prix', from: '1250000', to: '1190000' },
    ]);
    expect(plan.changes[0].values).toMatchObject({ buildingId: 2, floorId: 4, raw_price: 1_190_000, exposure: null, area_bal: 8 });
  });

  it('creates a new reference as a main lot, the left-out columns at the lot defaults', () => {
    const present = new Set(['reference', 'building', 'floor', 'type'] as const);
    const row3 = parseGridRow(
      { line: 3, cells: { reference: 'C-1', building: 'Bâtiment A', floor: '2ème', type: 'Villa' } },
      present,
      reference,
    );
    const plan = planGrid([row3 as ParsedGridRow], context([]));
    expect(plan.creations).toEqual([
      {
        line: 3,
        reference: 'C-1',
        values: {
          title: '',
          buildingId: 1,
          floorId: 5,
          typeId: 6,
          nb_rooms: 1,
          area_hab: 0,
          area_ppe: 0,
          area_jar: 0,
          area_bal: 0,
          area_ter: 0,
          exposure: null,
          raw_price: 0,
          lot_ppe: null,
          feuillet_ppe: null,
        },
        lot: {
          reference: 'C-1',
          title: '',
          building: 'Bâtiment A',
          floor: '2ème',
          type: 'Villa',
          nb_rooms: 1,
          area_hab: 0,
          area_ppe: 0,
          exposure: null,
          raw_price: 0,
          lot_ppe: null,
          feuillet_ppe: null,
        },
      },
    ]);
  });

  it('refuses a new lot without building, floor or type (columns left out of the sheet)', () => {
    const present = new Set(['reference', 'raw_price'] as const);
    const only = parseGridRow({ line: 4, cells: { reference: 'Z-9', raw_price: 5 } }, present, reference) as ParsedGridRow;
    expect(planGrid([only], context([])).refused).toEqual([
      { line: 4, reference: 'Z-9', column: 'Immeuble, Étage, Type', reason: 'Nouveau lot : immeuble, étage, type requis' },
    ]);
  });

  it("refuses an unknown building: a building needs a city the grid does not carry, it is created in the 'Lots' menu", () => {
    expect(planGrid([parsed({ building: 'Tour C' })], context([])).refused).toEqual([
      { line: 2, reference: 'A-101', column: 'Immeuble', reason: "Immeuble inconnu : « Tour C » ; créez-le d'abord dans le menu Lots" },
    ]);
  });

  it('refuses a building name two buildings share, and a reference two main lots share', () => {
    const twins = { ...context([lot(), lot({ id: 11 })]), buildings: [...context([]).buildings, { id: 3, title: 'bâtiment a' }] };
    expect(planGrid([parsed()], twins).refused[0].reason).toBe("Plusieurs immeubles de la promotion s'appellent « Bâtiment A »");
    expect(planGrid([parsed()], context([lot(), lot({ id: 11 })])).refused[0].reason).toBe(
      'Plusieurs lots de la promotion ont la référence « A-101 » : modifiez-les depuis leur fiche',
    );
  });

  it('refuses the reference of an associated lot (not a row of the lots screen)', () => {
    expect(planGrid([parsed()], context([lot({ parentId: 3 })])).refused[0]).toMatchObject({
      column: 'Lot',
      reason: '« A-101 » est un lot associé : modifiez-le depuis la fiche de son lot principal',
    });
  });

  it('refuses any change to a lot engaged in a sale, but not the same row unchanged', () => {
    for (const [status, word] of [
      [2, 'optionné'],
      [3, 'réservé'],
      [4, 'signé'],
    ] as const) {
      const plan = planGrid([parsed({ raw_price: 1 })], context([lot({ status })]));
      expect(plan.refused).toEqual([
        {
          line: 2,
          reference: 'A-101',
          column: 'Prix',
          reason: `Lot ${word} : un lot engagé dans une vente ne se modifie pas par import (son prix se négocie dans le dossier de vente)`,
        },
      ]);
      expect(planGrid([parsed()], context([lot({ status })])).unchanged).toBe(1);
    }
    // PRS is held back by the broker, not sold: its grid values may change.
    expect(planGrid([parsed({ raw_price: 1 })], context([lot({ status: 1 })])).changes).toHaveLength(1);
  });

  it('passes rooms below 1 only as the lot’s own value: a parking of 0 rooms unchanged, a new lot or a change to 0 refused', () => {
    const reason = 'Le nombre de pièces doit être au moins 1, par demi-pièce (1 ; 1,5 ; 2 ; ...)';
    const parking = lot({ reference: 'P-1', typeId: 1, nb_rooms: 0, area_bal: 0, raw_price: 40_000 });
    const row0 = (ref: string, line: number) =>
      parsed({ reference: ref, type: 'Place de parc intérieure', nb_rooms: 0, raw_price: 40_000 }, line);
    const plan = planGrid([row0('P-1', 2), row0('P-2', 3), parsed({ nb_rooms: 0 }, 4)], context([parking, lot()]));
    expect(plan.unchanged).toBe(1);
    expect(plan.changes).toEqual([]);
    expect(plan.refused).toEqual([
      { line: 3, reference: 'P-2', column: 'Pièces', reason },
      { line: 4, reference: 'A-101', column: 'Pièces', reason },
    ]);
  });

  it('clears the garden, balcony and terrace areas of a lot that becomes a parking type', () => {
    const plan = planGrid([parsed({ type: 'Place de parc intérieure' })], context([lot()]));
    expect(plan.changes[0].changes.map((c) => [c.field, c.from, c.to])).toEqual([
      ['type', 'Appartement', 'Place de parc intérieure'],
      ['area_bal', '8', '0'],
    ]);
  });
});
