import { HOUSING_LOT_TYPE_IDS, SHOP_LOT_TYPE_IDS, swissWallTime } from '@promovente/shared';
import { finances, planningTasks } from '../schema/index.js';
import type { Ctx, LotRec } from './demo.js';

/**
 * The demo's planning and finances (docs/product/planning.md, docs/product/finances.md): a
 * believable timeline around the promotion's start (the project before, the works after) and a
 * finances record whose initial sales figures are its lots' prices.
 */

const MONTH_DAYS = 30.4;

/** The Swiss calendar day `months` months (and `days` days) from `start`. */
const dayFrom = (start: Date, months: number, days = 0) => {
  const w = swissWallTime(start);
  const at = new Date(Date.UTC(w.year, w.month - 1 + months, w.day + days));
  return at.toISOString().slice(0, 10);
};

/** [title, category, from (months from start), length in days (0: a one-day task), details]. */
const TASKS: readonly [string, 1 | 2 | 3 | 4, number, number, string | null][] = [
  ['Étude de faisabilité', 1, -20, 75, 'Volumétrie, bilan financier et choix de l’architecte.'],
  ['Acquisition du terrain', 1, -17, 0, 'Signature de l’acte chez le notaire.'],
  ['Avant-projet et demande préalable', 1, -16, 120, null],
  ['Dépôt de la demande d’autorisation de construire', 2, -12, 0, null],
  ['Mise à l’enquête publique', 2, -11, 30, 'Affichage au pilier public et parution dans la FAO.'],
  ['Traitement des oppositions', 2, -10, 60, null],
  ['Délivrance du permis de construire', 2, -7, 0, null],
  ['Lancement de la commercialisation', 3, 0, 14, 'Site internet, annonces et brochure.'],
  ['Journée portes ouvertes', 3, 2, 0, 'Visite du pavillon de vente sur place.'],
  ['Commercialisation des lots', 3, 0, Math.round(14 * MONTH_DAYS), null],
  ['Terrassement et fondations', 4, 3, 90, null],
  ['Gros œuvre', 4, 6, 240, null],
  ['Second œuvre et finitions', 4, 14, 180, 'Choix des finitions par les acquéreurs jusqu’au mois 12.'],
  ['Remise des clés', 4, 20, 0, null],
];

/** KCHF with two decimals from CHF. */
const kchf = (chf: number) => Math.round(chf / 10) / 100;

export const seedPlanning = (ctx: Ctx, promotionId: number, start: Date, lots: LotRec[]) => {
  const { ids, writer, users: u } = ctx;
  for (const [title, category, months, length, details] of TASKS) {
    const dateFrom = dayFrom(start, months);
    writer.push(planningTasks, {
      id: ids.next('planning_tasks'),
      promotionId,
      title,
      category,
      dateFrom,
      dateTo: dayFrom(start, months, length),
      details,
      createdById: u.pilot,
    });
  }
  const sum = (typeIds: readonly number[]) => {
    const chosen = lots.filter((lot) => typeIds.includes(lot.spec.lotTypeId));
    const price = chosen.reduce((total, lot) => total + lot.spec.rawPrice, 0);
    const area = chosen.reduce((total, lot) => total + lot.spec.areaHab, 0);
    return { amount: chosen.length ? kchf(price) : null, perM2: area > 0 ? Math.round(price / area) : null };
  };
  const housing = sum(HOUSING_LOT_TYPE_IDS);
  const shops = sum(SHOP_LOT_TYPE_IDS);
  const up = (value: number | null, rate: number) => (value === null ? null : Math.round(value * (1 + rate) * 100) / 100);
  const revenue = (housing.amount ?? 0) + (shops.amount ?? 0);
  writer.push(finances, {
    id: ids.next('finances'),
    promotionId,
    landPrice1: Math.round(revenue * 0.18),
    landPrice2: 1_150,
    landPrice3: 2_400,
    initialMargin1: Math.round(revenue * 0.12),
    updatedMargin1: Math.round(revenue * 0.135),
    initialMargin2: 12,
    updatedMargin2: 13.1,
    saleInitialPrice1: housing.amount,
    saleUpdatedPrice1: up(housing.amount, 0.035),
    saleInitialPrice2: housing.perM2,
    saleUpdatedPrice2: housing.perM2 === null ? null : Math.round(housing.perM2 * 1.035),
    saleInitialPrice3: shops.amount,
    saleUpdatedPrice3: up(shops.amount, 0.02),
    saleInitialPrice4: shops.perM2,
    saleUpdatedPrice4: shops.perM2 === null ? null : Math.round(shops.perM2 * 1.02),
    constructionInitialPrice1: 780,
    constructionUpdatedPrice1: 815,
    constructionInitialPrice2: 690,
    constructionUpdatedPrice2: 705,
    constructionInitialPrice3: 520,
    constructionUpdatedPrice3: null,
    updatedAt: ctx.clock.ago(12 * 24 * 3_600_000),
    updatedById: u.pilot,
  });
};
