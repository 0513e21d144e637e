import { describe, expect, it } from 'vitest';
import { defaultHiddenColumns } from '../../components/ui/column-visibility';
import { rowTaskBadges } from '../tasks';
import {
  canChangePrice,
  formatArea,
  formatRooms,
  hasLotFilter,
  LOTS_TABLE_IDS,
  lotColumns,
  parseStatusFilter,
  phoneColumnOrder,
  priorityLabel,
  prsAction,
  serializeStatusFilter,
  showsStatusBar,
  toggleStatus,
} from './lots-view';

describe('lots screen rules (docs/product/lots.md#screens)', () => {
  it('on a phone puts the price right after the lot, the other columns in their order', () => {
    expect(phoneColumnOrder(lotColumns('candidate')).map((c) => c.label)).toEqual([
      'Lot',
      'Prix',
      'Statut',
      'Immeuble',
      'Étage',
      'Type',
      'Pièces',
      'Surface hab.',
      'Surface PPE',
      'Exposition',
    ]);
    expect(
      phoneColumnOrder(lotColumns('staff'))
        .map((c) => c.label)
        .slice(0, 3),
    ).toEqual(['Lot', 'Prix', 'Statut']);
    // A hidden price is not brought back.
    expect(
      phoneColumnOrder(lotColumns('candidate').filter((c) => c.key !== 'price'))
        .map((c) => c.label)
        .slice(0, 2),
    ).toEqual(['Lot', 'Statut']);
  });

  it('hides the PRS, feuillet, lot PPE, candidates and tasks columns and the status bar from candidates', () => {
    const staff = lotColumns('staff').map((c) => c.label);
    const candidate = lotColumns('candidate').map((c) => c.label);
    for (const hidden of ['PRS', 'Lot PPE', 'Feuillet PPE', 'Candidats', 'Tâches']) {
      expect(staff).toContain(hidden);
      expect(candidate).not.toContain(hidden);
    }
    expect(candidate).toEqual(staff.slice(0, candidate.length));
    expect(showsStatusBar('staff')).toBe(true);
    expect(showsStatusBar('candidate')).toBe(false);
  });

  it('makes the spec sortable columns sortable', () => {
    expect(
      lotColumns('staff')
        .filter((c) => c.sort)
        .map((c) => c.sort),
    ).toEqual(['status', 'reference', 'building', 'floor', 'nb_rooms', 'area_hab', 'price']);
  });

  it("shows the '+' button only when more than 5 tasks are open (the shared task badges' rule)", () => {
    expect(rowTaskBadges([], 3).more).toBe(false);
    expect(rowTaskBadges([], 5).more).toBe(false);
    expect(rowTaskBadges([], 6).more).toBe(true);
  });

  it('reads and writes the status arrows in the URL', () => {
    expect(parseStatusFilter(null)).toEqual([]);
    expect(parseStatusFilter('4,0,9,x')).toEqual([0, 4]);
    expect(serializeStatusFilter([3, 1])).toBe('1,3');
    expect(serializeStatusFilter([])).toBeNull();
  });

  it('toggles an arrow, and every arrow selected means no filter', () => {
    expect(toggleStatus([], 2)).toEqual([2]);
    expect(toggleStatus([2, 0], 2)).toEqual([0]);
    expect(toggleStatus([0, 1, 2, 3], 4)).toEqual([]);
  });

  it('shows the reset link for a lot query or a status filter', () => {
    expect(hasLotFilter(null, [])).toBe(false);
    expect(hasLotFilter('0b7c…', [])).toBe(true);
    expect(hasLotFilter(null, [1])).toBe(true);
  });

  it('offers PRS only from an available lot and back only from PRS', () => {
    expect(prsAction({ raw_status: 0, status: 0 })).toEqual({ to: 1, label: 'Passer en PRS' });
    expect(prsAction({ raw_status: 1, status: 1 })).toEqual({ to: 0, label: 'Remettre en Disponible' });
    expect(prsAction({ raw_status: 1, status: 3 })).toEqual({ to: 0, label: 'Remettre en Disponible' });
    // An available lot under option cannot be held back.
    expect(prsAction({ raw_status: 0, status: 2 })).toBeNull();
  });

  it('refuses the price change in multi-agency promotions', () => {
    expect(canChangePrice(false)).toBe(true);
    expect(canChangePrice(true)).toBe(false);
  });

  it('formats priorities, rooms and areas', () => {
    expect(priorityLabel(1)).toBe('1');
    expect(priorityLabel(9)).toBe('NP');
    expect(priorityLabel(null)).toBeNull();
    expect(formatRooms(4.5)).toBe('4,5');
    expect(formatArea(102.25)).toBe('102,25 m²');
  });

  it('hides the PPE registry columns until staff shows them, and keeps status and lot on screen', () => {
    expect(defaultHiddenColumns(lotColumns('staff'))).toEqual(['lot_ppe', 'feuillet_ppe']);
    expect(defaultHiddenColumns(lotColumns('candidate'))).toEqual([]);
    const staffIdentity = lotColumns('staff').filter((c) => c.alwaysShown);
    expect(staffIdentity.map((c) => [c.key, Boolean(c.sticky)])).toEqual([
      ['status', true],
      ['reference', true],
    ]);
    // On a phone the price grid keeps its width for the figures: nothing sticks.
    expect(lotColumns('candidate').some((c) => c.sticky)).toBe(false);
    expect(LOTS_TABLE_IDS.staff).not.toBe(LOTS_TABLE_IDS.candidate);
  });
});
