import { type ApplicationAction, EXPIRED_RESERVATION_TEXT } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUS_BADGE_CLASSES,
  exportQuery,
  FUNNEL_ARROWS,
  formatArea,
  formatRooms,
  funnelColumns,
  hasFunnelFilter,
  historyPath,
  lotPath,
  menuChoice,
  menuColumns,
  milestoneShortDate,
  parseStageFilter,
  priorityView,
  RESET_PARAMS,
  serializeStageFilter,
  toggleStage,
} from './funnel-view';

describe('funnel columns (docs/product/funnel.md#screens)', () => {
  it('lists the columns in the spec order, FR to SIGN unless the view is simplified', () => {
    expect(funnelColumns(false).map((c) => c.label)).toEqual([
      'Courtier',
      'Priorité',
      'Client',
      'Statut',
      'Immeuble',
      'Lot',
      'Pièces',
      'Sur.',
      'Étage',
      'Prix',
      'FR',
      'AC',
      'FIN',
      'SIGN PdV',
      'SIGN',
      'À faire',
    ]);
    const simplified = funnelColumns(true).map((c) => c.label);
    expect(simplified).not.toContain('FR');
    expect(simplified).not.toContain('SIGN PdV');
    expect(simplified.at(-1)).toBe('À faire');
    expect(funnelColumns(true)).toHaveLength(11);
  });

  it('sorts by the columns the spec lists, and hides only the avatar header text', () => {
    const sorts = funnelColumns(false)
      .filter((c) => c.sort)
      .map((c) => c.sort);
    expect(sorts).toEqual([
      'priority',
      'candidate',
      'status',
      'building',
      'lot',
      'rooms',
      'area',
      'floor',
      'price',
      'status_FR',
      'status_AC',
      'status_FIN',
      'status_SIGNPDV',
      'status_SIGN',
    ]);
    expect(
      funnelColumns(false)
        .filter((c) => c.hiddenLabel)
        .map((c) => c.key),
    ).toEqual(['broker']);
  });
});

describe('stage arrows (docs/product/funnel.md#screens)', () => {
  it('offers Optionné, Réservé, Promesse de vente and Vendu, coloured orange, orange, green, green', () => {
    expect(FUNNEL_ARROWS.map((a) => [a.value, a.label])).toEqual([
      [0, 'Optionné'],
      [1, 'Réservé'],
      [2, 'Promesse de vente'],
      [3, 'Vendu'],
    ]);
    expect(APPLICATION_STATUS_BADGE_CLASSES[0]).toContain('orange');
    expect(APPLICATION_STATUS_BADGE_CLASSES[1]).toContain('orange');
    expect(APPLICATION_STATUS_BADGE_CLASSES[2]).toContain('green');
    expect(APPLICATION_STATUS_BADGE_CLASSES[3]).toContain('green');
  });

  it('reads and writes the selection in the URL, dropping unknown stages', () => {
    expect(parseStageFilter(null)).toEqual([]);
    expect(parseStageFilter('2,0,9,x')).toEqual([0, 2]);
    expect(serializeStageFilter([3, 1])).toBe('1,3');
    expect(serializeStageFilter([])).toBeNull();
  });

  it('toggles an arrow; every arrow selected means no filter', () => {
    expect(toggleStage([], 1)).toEqual([1]);
    expect(toggleStage([1], 0)).toEqual([0, 1]);
    expect(toggleStage([0, 1], 1)).toEqual([0]);
    expect(toggleStage([0, 1, 2], 3)).toEqual([]);
    expect(toggleStage([2], 7)).toEqual([2]);
  });
});

describe('toolbar (docs/product/funnel.md#screens)', () => {
  it('shows the reset link for a narrowing query or any filter, not for the sort or the page', () => {
    expect(hasFunnelFilter({ page: '2', orderBy: 'price', order: 'asc', toKCHF: '1' }, [])).toBe(false);
    expect(hasFunnelFilter({ page: '1' }, [1])).toBe(true);
    for (const key of ['candidacy', 'application', 'onlyLateTasks', 'search', 'broker', 'showMyAgency', 'buildings', 'price_min']) {
      expect(hasFunnelFilter({ page: '1', [key]: '1' }, []), key).toBe(true);
    }
  });

  it('resets every filter and narrowing query, and keeps the sort', () => {
    expect(Object.keys(RESET_PARAMS)).toEqual(expect.arrayContaining(['status', 'candidacy', 'application', 'onlyLateTasks', 'search']));
    expect(Object.keys(RESET_PARAMS)).not.toContain('orderBy');
    expect(Object.values(RESET_PARAMS).every((v) => v === null)).toBe(true);
  });

  it('exports every page of the list', () => {
    expect(exportQuery({ page: '3', status: '1', orderBy: 'price' })).toEqual({ status: '1', orderBy: 'price' });
  });
});

describe('priority cell (docs/product/funnel.md#screens)', () => {
  const row = { priority: 1, deadline: '2026-03-12T09:00:00.000Z', deadline_is_in_less_than_one_day: false, is_over_deadline: false };

  it('shows the reservation deadline of priority 1 in dd/MM/yyyy HH:mm, Swiss time (UTC+1 in March)', () => {
    expect(priorityView(row)).toMatchObject({ label: '1', deadline: '12/03/2026 10:00', warning: false, expired: null });
    expect(priorityView(row).classes).toContain('green');
  });

  it('warns under 24 hours, and shows the expired text once the deadline is past', () => {
    expect(priorityView({ ...row, deadline_is_in_less_than_one_day: true }).warning).toBe(true);
    expect(priorityView({ ...row, is_over_deadline: true })).toMatchObject({ warning: false, expired: EXPIRED_RESERVATION_TEXT });
  });

  it('shows no deadline for the other priorities', () => {
    expect(priorityView({ ...row, priority: 9, deadline: null })).toMatchObject({ label: 'NP', deadline: null, expired: null });
    expect(priorityView({ ...row, priority: 2 })).toMatchObject({ label: '2', deadline: null });
  });
});

describe('cells and links', () => {
  it('formats rooms and areas with the shared number rule: decimal comma, trailing zeros dropped', () => {
    expect(formatRooms(3.5)).toBe('3,5');
    expect(formatRooms(4)).toBe('4');
    expect(formatArea(85.25)).toBe('85,25 m²');
    expect(formatArea(69)).toBe('69 m²');
    expect(formatArea(null)).toBe('-');
  });

  it('links a lot to the lots screen and the history to the logs', () => {
    expect(lotPath('0b6f7d2e-1c1a-4c1e-9a55-6b1d0b4f9f10')).toBe('/lots?lot=0b6f7d2e-1c1a-4c1e-9a55-6b1d0b4f9f10');
    expect(historyPath(42)).toBe('/logs?application_id=42');
  });
});

describe('context menu (docs/product/funnel.md#screens and docs/product/funnel.md#actions-on-an-application)', () => {
  const actions: ApplicationAction[] = ['sendReservationForm', 'negotiatePrice', 'downloadPdf', 'history', 'files'];

  it('splits the actions in their two columns', () => {
    expect(menuColumns(actions, 'broker')).toEqual({
      first: ['sendReservationForm', 'negotiatePrice'],
      second: ['downloadPdf', 'history', 'files'],
    });
  });

  it('hides the first column for architects', () => {
    expect(menuColumns(actions, 'architect').first).toEqual([]);
    expect(menuColumns(actions, 'architect').second).toEqual(['downloadPdf', 'history', 'files']);
  });

  it('navigates for Historique, downloads for the PDF and opens a modal for the rest', () => {
    const row = { id: 7, public_id: 'abc' };
    expect(menuChoice('history', row)).toEqual({ kind: 'history', path: '/logs?application_id=7' });
    expect(menuChoice('downloadPdf', row)).toEqual({ kind: 'pdf', publicId: 'abc' });
    expect(menuChoice('negotiatePrice', row)).toEqual({ kind: 'modal', action: 'negotiatePrice' });
    expect(menuChoice('addTask', row)).toEqual({ kind: 'modal', action: 'addTask' });
  });

  it('shortens a milestone to its day and month, keeps a text without a date as it is', () => {
    expect(milestoneShortDate('Envoyé le 12/03/2026 10:00')).toBe('12/03');
    expect(milestoneShortDate('Non solvable le 01/12/2025 09:30')).toBe('01/12');
    expect(milestoneShortDate('Signé le 05.11.26')).toBe('05.11');
    expect(milestoneShortDate('Chez le notaire')).toBeNull();
  });

  it('keeps the broker, priority and client on screen and never in the Colonnes menu', () => {
    for (const simplified of [false, true]) {
      const identity = funnelColumns(simplified).slice(0, 3);
      expect(identity.map((c) => c.key)).toEqual(['broker', 'priority', 'candidate']);
      expect(identity.every((c) => c.alwaysShown && c.sticky && c.sticky.width > 0)).toBe(true);
      expect(
        funnelColumns(simplified)
          .slice(3)
          .some((c) => c.alwaysShown || c.sticky),
      ).toBe(false);
    }
  });
});
