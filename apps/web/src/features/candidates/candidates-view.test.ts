import { describe, expect, it } from 'vitest';
import { createCandidacyPayload, emptyCandidacyForm, nestErrors, updateCandidacyPayload } from './candidate-form';
import {
  arrowStatuses,
  candidacyColumns,
  hasCandidacyFilter,
  isNonRetainedArrow,
  offersAttributeLot,
  parseStatusFilter,
  reservationFormApplication,
  serializeStatusFilter,
  toggleStatus,
} from './candidates-view';
import { selectFiles } from './pending-files';

const keys = (agencyId: number | null) => candidacyColumns({ agency_id: agencyId }).map((c) => c.key);

describe('candidates table columns (docs/product/candidates.md#screens)', () => {
  it('keeps status, priority and candidate on screen and out of the Colonnes menu', () => {
    const columns = candidacyColumns({ agency_id: 1 });
    expect(columns.filter((c) => c.alwaysShown).map((c) => c.key)).toEqual(['status', 'priority', 'candidate']);
    expect(columns.slice(0, 3).every((c) => c.sticky && c.sticky.width > 0)).toBe(true);
    expect(columns.slice(3).some((c) => c.sticky)).toBe(false);
  });

  it('shows the CRM column and the validated flag to agency 1 only', () => {
    expect(keys(1)).toEqual(expect.arrayContaining(['crm', 'crm_validated']));
    expect(keys(2)).not.toContain('crm');
    expect(keys(2)).not.toContain('crm_validated');
    expect(keys(null)).not.toContain('crm');
    expect(candidacyColumns(null).map((c) => c.key)).not.toContain('crm_validated');
  });

  it('keeps every column of 2.7 for everyone', () => {
    for (const key of ['status', 'priority', 'candidate', 'broker', 'budget', 'applications', 'tasks', 'comments', 'files']) {
      expect(keys(2)).toContain(key);
    }
  });

  it('makes status, priority, candidate, broker and budget sortable', () => {
    const sortable = candidacyColumns({ agency_id: 2 })
      .filter((c) => c.sort)
      .map((c) => c.sort);
    expect(sortable).toEqual(expect.arrayContaining(['status', 'priority', 'candidate', 'broker', 'budget']));
  });
});

describe('status arrows (docs/product/candidates.md#states)', () => {
  it('offers 0, 3, 4, 5, 6, and reveals 1 and 2 with Afficher non retenus', () => {
    expect(arrowStatuses(false)).toEqual([0, 3, 4, 5, 6]);
    expect(arrowStatuses(true)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(isNonRetainedArrow(1)).toBe(true);
    expect(isNonRetainedArrow(2)).toBe(true);
    expect(isNonRetainedArrow(3)).toBe(false);
  });

  it('toggles the arrows, and every arrow selected means no filter', () => {
    expect(toggleStatus([], 3)).toEqual([3]);
    expect(toggleStatus([3], 0)).toEqual([0, 3]);
    expect(toggleStatus([0, 3], 3)).toEqual([0]);
    expect(toggleStatus([0, 3, 4, 5], 6)).toEqual([]);
  });

  it('never toggles the non-retained arrows: the checkbox includes them as a whole', () => {
    expect(toggleStatus([3], 1)).toEqual([3]);
    expect(toggleStatus([], 2)).toEqual([]);
  });

  it('reads and writes the selection in the URL, dropping unknown values', () => {
    expect(parseStatusFilter('6,0,9,x,1')).toEqual([0, 6]);
    expect(parseStatusFilter(null)).toEqual([]);
    expect(serializeStatusFilter([6, 3])).toBe('3,6');
    expect(serializeStatusFilter([])).toBeNull();
  });

  it('shows the reset link for a lot or candidat query or a status filter', () => {
    expect(hasCandidacyFilter({ lot: null, candidat: null }, [])).toBe(false);
    expect(hasCandidacyFilter({ lot: 'A-12', candidat: null }, [])).toBe(true);
    expect(hasCandidacyFilter({ lot: null, candidat: 4 }, [])).toBe(true);
    expect(hasCandidacyFilter({ lot: null, candidat: null }, [3])).toBe(true);
  });
});

describe('reservation form link (docs/product/access.md#who-may-do-what)', () => {
  const sent = { public_id: 'abc', reservation_sent_at: '2026-03-01T10:00:00.000Z' };
  const notSent = { public_id: 'def', reservation_sent_at: null };

  it('shows only for exactly one application with a reservation sent date', () => {
    expect(reservationFormApplication([sent])).toEqual(sent);
    expect(reservationFormApplication([notSent])).toBeNull();
    expect(reservationFormApplication([])).toBeNull();
    expect(reservationFormApplication([sent, notSent])).toBeNull();
    expect(reservationFormApplication([sent, { ...sent, public_id: 'ghi' }])).toBeNull();
  });
});

describe('assign lot action (docs/product/access.md#who-may-do-what)', () => {
  const synced = { multi_agency: false, crm_updated_at: '2026-01-01T00:00:00.000Z' };
  it('is offered outside agency 1, in multi-agency promotions, without CRM sync, or once validated', () => {
    expect(offersAttributeLot({ agency_id: 2, crm_validated: false }, synced)).toBe(true);
    expect(offersAttributeLot({ agency_id: 1, crm_validated: false }, synced)).toBe(false);
    expect(offersAttributeLot({ agency_id: 1, crm_validated: true }, synced)).toBe(true);
    expect(offersAttributeLot({ agency_id: 1, crm_validated: false }, { ...synced, multi_agency: true })).toBe(true);
    expect(offersAttributeLot({ agency_id: 1, crm_validated: false }, { ...synced, crm_updated_at: null })).toBe(true);
  });
});

describe('candidate form (docs/product/validation.md#candidate-form)', () => {
  it('sends the gender of the toggle and the budget on both the candidacy and the candidate', () => {
    const values = emptyCandidacyForm();
    values.status = '0';
    values.priority = '9';
    values.candidate = { ...values.candidate, first_name: 'Anne', last_name: 'Muller', email: 'a@b.ch', budget: '900000' };
    const payload = createCandidacyPayload(values, 'F');
    expect(payload.candidacy.candidate.gender).toBe('F');
    expect(payload.candidacy.budget).toBe('900000');
    expect(payload.candidacy.candidate.email).toBe('a@b.ch');
  });

  it('never sends the e-mail again once the candidate exists', () => {
    const values = emptyCandidacyForm();
    values.candidate.email = 'a@b.ch';
    const payload = updateCandidacyPayload(values, 'M', 3);
    expect('email' in payload.candidacy.candidate).toBe(false);
    expect(payload.promotion_id).toBe(3);
  });

  it('nests flat error paths for react-hook-form', () => {
    expect(nestErrors({ status: { message: 'Statut requis' }, 'candidate.first_name': { message: 'Prénom requis' } })).toEqual({
      status: { message: 'Statut requis' },
      candidate: { first_name: { message: 'Prénom requis' } },
    });
  });
});

describe('files chosen for upload (docs/product/validation.md#file-upload)', () => {
  const file = (key: number, name: string) => ({ key, name, file: new File(['x'], name) });

  it('skips names already on the candidacy or already chosen, case-insensitively', () => {
    const { kept, duplicates } = selectFiles(
      [file(1, 'plan.pdf')],
      ['Contrat.pdf'],
      [file(2, 'contrat.PDF'), file(3, 'PLAN.pdf'), file(4, 'id.png')],
    );
    expect(kept.map((f) => f.name)).toEqual(['plan.pdf', 'id.png']);
    expect(duplicates).toEqual(['contrat.PDF', 'PLAN.pdf']);
  });
});
