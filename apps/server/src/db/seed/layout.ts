import { formatRooms } from '@promovente/shared';
import type { Rng } from './random.js';

/** Lot types of migration 0001 (ids below 5 are parking types). */
export const LOT_TYPE = {
  parkingInside: 1,
  parkingOutside: 2,
  box: 3,
  moto: 4,
  apartment: 5,
  villa: 6,
  cellar: 7,
  commercial: 8,
  storage: 9,
} as const;

/** Floor ids of migration 0001. */
export const FLOOR = {
  gardenLevel: 1,
  ground: 2,
  upperGround: 3,
  first: 4,
  second: 5,
  third: 6,
  fourth: 7,
  attic: 14,
} as const;

const FLOOR_LEVEL: Record<number, number> = { 1: 0, 2: 0, 3: 0.5, 4: 1, 5: 2, 6: 3, 7: 4, 14: 5 };

const EXPOSURES = ['Nord', 'Sud', 'Est', 'Ouest', 'Nord-Est', 'Nord-Ouest', 'Sud-Est', 'Sud-Ouest'] as const;
const SUNNY_EXPOSURES = ['Sud', 'Sud-Est', 'Sud-Ouest', 'Ouest', 'Est'] as const;

export type LotSpec = {
  building: number;
  floorId: number;
  lotTypeId: number;
  reference: string;
  title: string;
  nbRooms: number;
  rawPrice: number;
  exposure: string | null;
  areaHab: number;
  areaPpe: number;
  areaJar: number;
  areaBal: number;
  areaTer: number;
  /** Reference of the main lot, for associated lots. */
  parentReference?: string;
  nameChild?: string;
  priceIncluded?: boolean;
};

export type BuildingSpec = { title: string; street: string; prefix: string };

export type PromotionSpec = {
  key: 'terrasses' | 'vergers';
  title: string;
  url: string;
  city: string;
  zip: string;
  multiAgency: boolean;
  reservationTimeout: number | null;
  agencies: number[];
  parcel: string;
  buildings: BuildingSpec[];
  /** Price per m² of living area. */
  pricePerM2: [number, number];
  parkingPrice: [number, number];
  /** Days before the seeding time the promotion was created. */
  ageDays: number;
};

/** What the lot generators need of a promotion. */
export type PriceSpec = Pick<PromotionSpec, 'pricePerM2' | 'parkingPrice'>;

export const PROMOTIONS: PromotionSpec[] = [
  {
    key: 'terrasses',
    title: 'Les Terrasses du Lac',
    url: 'https://terrasses-du-lac.ch',
    city: 'Nyon',
    zip: '1260',
    multiAgency: false,
    reservationTimeout: null,
    agencies: [1],
    parcel: '2314',
    buildings: [
      { title: 'Bâtiment A', street: 'Chemin de la Redoute 14', prefix: 'A' },
      { title: 'Bâtiment B', street: 'Chemin de la Redoute 16', prefix: 'B' },
    ],
    pricePerM2: [12_400, 14_200],
    parkingPrice: [40, 45],
    ageDays: 420,
  },
  {
    key: 'vergers',
    title: 'Quartier des Vergers',
    url: 'https://quartier-des-vergers.ch',
    city: 'Morges',
    zip: '1110',
    multiAgency: true,
    reservationTimeout: 5,
    agencies: [1, 2],
    parcel: '1587',
    buildings: [
      { title: 'Bâtiment Reinette', street: 'Chemin des Vergers 3', prefix: 'RE' },
      { title: 'Bâtiment Gala', street: 'Chemin des Vergers 5', prefix: 'GA' },
    ],
    pricePerM2: [10_200, 11_600],
    parkingPrice: [35, 39],
    ageDays: 330,
  },
];

const round = (value: number, step: number) => Math.round(value / step) * step;
const half = (value: number) => Math.round(value * 2) / 2;

const AREA_BY_ROOMS: Record<string, [number, number]> = {
  '2.5': [58, 72],
  '3.5': [78, 98],
  '4.5': [102, 126],
  '5.5': [128, 155],
  '6.5': [158, 180],
};

type MainDef = { building: number; floorId: number; reference: string; rooms: number; type?: number };

const mainLot = (rng: Rng, spec: PriceSpec, def: MainDef): LotSpec => {
  const type = def.type ?? LOT_TYPE.apartment;
  const attic = def.floorId === FLOOR.attic;
  const garden = def.floorId === FLOOR.gardenLevel || (def.floorId === FLOOR.ground && type === LOT_TYPE.apartment);
  if (type === LOT_TYPE.commercial) {
    const areaHab = half(rng.float(82, 118));
    return {
      building: def.building,
      floorId: def.floorId,
      lotTypeId: type,
      reference: def.reference,
      title: 'Local commercial',
      nbRooms: def.rooms,
      rawPrice: round(areaHab * rng.float(6_200, 7_000), 5_000),
      exposure: rng.pick(EXPOSURES),
      areaHab,
      areaPpe: half(areaHab * rng.float(1.03, 1.06)),
      areaJar: 0,
      areaBal: 0,
      areaTer: 0,
    };
  }
  const [min, max] = AREA_BY_ROOMS[def.rooms.toFixed(1)];
  const areaHab = half(rng.float(min, max) * (attic ? 1.08 : 1));
  const villa = type === LOT_TYPE.villa;
  const areaJar = villa ? round(rng.float(250, 600), 5) : garden ? round(rng.float(45, 180), 5) : 0;
  const areaTer = villa ? half(rng.float(15, 30)) : attic ? half(rng.float(35, 80)) : garden ? half(rng.float(12, 25)) : 0;
  const areaBal = !villa && !attic && !garden ? half(rng.float(8, 20)) : 0;
  const ppm2 = rng.float(spec.pricePerM2[0], spec.pricePerM2[1]);
  let price = areaHab * ppm2 * (1 + 0.025 * FLOOR_LEVEL[def.floorId]) * (attic ? 1.1 : 1);
  price += areaTer * 1_800 + areaBal * 1_200 + areaJar * (villa ? 250 : 400);
  price = villa ? Math.min(2_900_000, Math.max(1_900_000, price)) : Math.min(2_400_000, Math.max(650_000, price));
  return {
    building: def.building,
    floorId: def.floorId,
    lotTypeId: type,
    reference: def.reference,
    title: `${villa ? 'Villa' : 'Appartement'} ${formatRooms(def.rooms)}`,
    nbRooms: def.rooms,
    rawPrice: round(price, 5_000),
    exposure: rng.pick(attic || villa ? SUNNY_EXPOSURES : EXPOSURES),
    areaHab,
    areaPpe: half(areaHab * rng.float(1.04, 1.1)),
    areaJar,
    areaBal,
    areaTer,
  };
};

const ANNEX_TITLES: Record<number, string> = {
  [LOT_TYPE.parkingInside]: 'Place de parc intérieure',
  [LOT_TYPE.parkingOutside]: 'Place de parc extérieure',
  [LOT_TYPE.box]: 'Box',
  [LOT_TYPE.cellar]: 'Cave',
};

const annexLot = (rng: Rng, spec: PriceSpec, type: number, reference: string, parent?: LotSpec, priceIncluded = false): LotSpec => {
  const price =
    type === LOT_TYPE.box ? 55_000 : type === LOT_TYPE.cellar ? 15_000 : rng.int(spec.parkingPrice[0], spec.parkingPrice[1]) * 1_000;
  const areaHab = type === LOT_TYPE.box ? 18 : type === LOT_TYPE.cellar ? half(rng.float(6, 10)) : 12.5;
  const label = type === LOT_TYPE.cellar ? 'Cave' : type === LOT_TYPE.box ? 'Box' : 'Place de parc';
  return {
    building: parent?.building ?? 0,
    floorId: FLOOR.ground,
    lotTypeId: type,
    reference,
    title: ANNEX_TITLES[type],
    nbRooms: 0,
    rawPrice: price,
    exposure: null,
    areaHab,
    areaPpe: areaHab,
    areaJar: 0,
    areaBal: 0,
    areaTer: 0,
    parentReference: parent?.reference,
    nameChild: parent ? `${label} ${reference}` : undefined,
    priceIncluded: parent ? priceIncluded : false,
  };
};

/** The lots of one promotion: main lots first, then the parkings, boxes and cellars. */
export const lotsOf = (rng: Rng, spec: PromotionSpec): LotSpec[] => {
  const defs: MainDef[] = [];
  if (spec.key === 'terrasses') {
    const shapes: [number, [string, number][]][] = [
      [
        FLOOR.gardenLevel,
        [
          ['RJ-1', 3.5],
          ['RJ-2', 4.5],
        ],
      ],
      [
        FLOOR.first,
        [
          ['101', 2.5],
          ['102', 4.5],
        ],
      ],
      [
        FLOOR.second,
        [
          ['201', 3.5],
          ['202', 4.5],
        ],
      ],
      [
        FLOOR.third,
        [
          ['301', 3.5],
          ['302', 5.5],
        ],
      ],
      [FLOOR.attic, [['ATT-1', 5.5]]],
    ];
    const shapesB: [number, [string, number][]][] = [
      [
        FLOOR.gardenLevel,
        [
          ['RJ-1', 4.5],
          ['RJ-2', 2.5],
        ],
      ],
      [
        FLOOR.first,
        [
          ['101', 3.5],
          ['102', 4.5],
        ],
      ],
      [
        FLOOR.second,
        [
          ['201', 2.5],
          ['202', 5.5],
        ],
      ],
      [
        FLOOR.third,
        [
          ['301', 3.5],
          ['302', 4.5],
        ],
      ],
      [
        FLOOR.attic,
        [
          ['ATT-1', 5.5],
          ['ATT-2', 4.5],
        ],
      ],
    ];
    [shapes, shapesB].forEach((floors, building) => {
      const prefix = spec.buildings[building].prefix;
      for (const [floorId, units] of floors) {
        for (const [suffix, rooms] of units) defs.push({ building, floorId, reference: `${prefix}-${suffix}`, rooms });
      }
    });
    defs.push({ building: 1, floorId: FLOOR.gardenLevel, reference: 'V-1', rooms: 5.5, type: LOT_TYPE.villa });
    defs.push({ building: 1, floorId: FLOOR.gardenLevel, reference: 'V-2', rooms: 6.5, type: LOT_TYPE.villa });
    defs.push({ building: 1, floorId: FLOOR.gardenLevel, reference: 'V-3', rooms: 5.5, type: LOT_TYPE.villa });
  } else {
    const upper = [FLOOR.first, FLOOR.second, FLOOR.third, FLOOR.fourth];
    spec.buildings.forEach((b, building) => {
      defs.push({
        building,
        floorId: FLOOR.ground,
        reference: `${b.prefix}-001`,
        rooms: building === 0 ? 1 : 2.5,
        type: building === 0 ? LOT_TYPE.commercial : LOT_TYPE.apartment,
      });
      defs.push({ building, floorId: FLOOR.ground, reference: `${b.prefix}-002`, rooms: 3.5 });
      defs.push({ building, floorId: FLOOR.ground, reference: `${b.prefix}-003`, rooms: 4.5 });
      upper.forEach((floorId, i) => {
        defs.push({ building, floorId, reference: `${b.prefix}-${i + 1}01`, rooms: 2.5 });
        defs.push({ building, floorId, reference: `${b.prefix}-${i + 1}02`, rooms: 3.5 });
        defs.push({ building, floorId, reference: `${b.prefix}-${i + 1}03`, rooms: building === 1 && i === 3 ? 5.5 : 4.5 });
      });
      defs.push({ building, floorId: FLOOR.attic, reference: `${b.prefix}-ATT-1`, rooms: 5.5 });
      defs.push({ building, floorId: FLOOR.attic, reference: `${b.prefix}-ATT-2`, rooms: 4.5 });
    });
  }

  const mains = defs.map((def) => mainLot(rng, spec, def));
  const big = mains.filter((l) => l.nbRooms >= 3.5 && l.lotTypeId === LOT_TYPE.apartment);
  const villas = mains.filter((l) => l.lotTypeId === LOT_TYPE.villa);
  const attics = mains.filter((l) => l.floorId === FLOOR.attic);
  const annexes: LotSpec[] = [];
  if (spec.key === 'terrasses') {
    for (let i = 1; i <= 10; i++) annexes.push(annexLot(rng, spec, LOT_TYPE.parkingInside, `P-${i}`, i <= 8 ? big[i - 1] : undefined));
    annexes.push(annexLot(rng, spec, LOT_TYPE.parkingOutside, 'P-11', villas[0], true));
    annexes.push(annexLot(rng, spec, LOT_TYPE.parkingOutside, 'P-12', villas[1], true));
    annexes.push(annexLot(rng, spec, LOT_TYPE.parkingOutside, 'P-13'));
    annexes.push(annexLot(rng, spec, LOT_TYPE.box, 'BX-1', attics[0]));
    annexes.push(annexLot(rng, spec, LOT_TYPE.box, 'BX-2'));
    for (let i = 1; i <= 4; i++) annexes.push(annexLot(rng, spec, LOT_TYPE.cellar, `C-${i}`, big[big.length - i], i <= 2));
  } else {
    for (let i = 1; i <= 18; i++) annexes.push(annexLot(rng, spec, LOT_TYPE.parkingInside, `P-${i}`, i <= 12 ? big[i - 1] : undefined));
    for (let i = 19; i <= 21; i++) annexes.push(annexLot(rng, spec, LOT_TYPE.parkingOutside, `P-${i}`));
    annexes.push(annexLot(rng, spec, LOT_TYPE.box, 'BX-1', attics[attics.length - 1]));
    for (let i = 1; i <= 4; i++) annexes.push(annexLot(rng, spec, LOT_TYPE.cellar, `C-${i}`, big[big.length - i], i <= 2));
  }
  return [...mains, ...annexes];
};

const GENERATED_FLOORS = [FLOOR.ground, FLOOR.first, FLOOR.second, FLOOR.third, FLOOR.fourth, FLOOR.attic];
const GENERATED_ROOMS = [2.5, 3.5, 3.5, 4.5, 4.5, 5.5];
/** Lots per building in a generated promotion: a 2,000-lot promotion has 50 buildings. */
export const LOTS_PER_BUILDING = 40;

/**
 * The lots of a generated promotion of `count` lots (scale dataset): three quarters of main
 * lots over `buildings` buildings, four to a floor, then parkings and cellars, half of them
 * attached to a main lot.
 */
export const generatedLots = (rng: Rng, spec: PriceSpec, count: number, buildingPrefixes: string[]): LotSpec[] => {
  const mainCount = Math.max(1, Math.round(count * 0.75));
  const perBuilding = new Array<number>(buildingPrefixes.length).fill(0);
  const mains: LotSpec[] = [];
  for (let k = 0; k < mainCount; k++) {
    const building = k % buildingPrefixes.length;
    const slot = perBuilding[building]++;
    const level = Math.floor(slot / 4);
    const floorId = GENERATED_FLOORS[Math.min(level, GENERATED_FLOORS.length - 1)];
    const commercial = level === 0 && slot === 0 && rng.chance(0.3);
    mains.push(
      mainLot(rng, spec, {
        building,
        floorId,
        reference: `${buildingPrefixes[building]}-${level}${String((slot % 4) + 1).padStart(2, '0')}`,
        rooms: commercial ? 1 : rng.pick(GENERATED_ROOMS),
        type: commercial ? LOT_TYPE.commercial : LOT_TYPE.apartment,
      }),
    );
  }
  const annexes: LotSpec[] = [];
  for (let k = 0; annexes.length < count - mainCount; k++) {
    const parent = rng.chance(0.5) ? mains[k % mains.length] : undefined;
    const type = k % 5 === 4 ? LOT_TYPE.cellar : LOT_TYPE.parkingInside;
    annexes.push(annexLot(rng, spec, type, `${type === LOT_TYPE.cellar ? 'C' : 'P'}-${k + 1}`, parent, parent ? rng.chance(0.2) : false));
  }
  return [...mains, ...annexes];
};
