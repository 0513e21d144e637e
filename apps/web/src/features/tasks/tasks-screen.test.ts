import { describe, expect, it } from 'vitest';
import { countTasks, TASK_GROUPS, tasksScreenRequest, taskTargetLink } from './tasks-screen';

const broker = { type: 'broker' } as const;
const notary = { type: 'notary' } as const;

describe('the tasks screen call (docs/product/tasks.md#screens: brokers and notaries use different calls)', () => {
  it('asks GET actions for a broker, with the promotion, the search, the broker filter and candidat', () => {
    expect(tasksScreenRequest(broker, 4, { search: '  Dupont ', broker: 7, candidat: 12 })).toEqual({
      path: 'actions',
      query: { promotion: 4, search: 'Dupont', broker: 7, candidat: 12 },
    });
    expect(tasksScreenRequest(broker, 4, { search: '   ', broker: null, candidat: null })).toEqual({
      path: 'actions',
      query: { promotion: 4, search: undefined, broker: undefined, candidat: undefined },
    });
  });

  it("asks one group's page ('Afficher plus'), or its total alone", () => {
    expect(tasksScreenRequest(broker, 4, { search: '', broker: 7, candidat: null }, { group: 'past', limit: 0 })).toEqual({
      path: 'actions',
      query: { promotion: 4, search: undefined, broker: 7, candidat: undefined, group: 'past', offset: undefined, limit: 0 },
    });
    expect(tasksScreenRequest(notary, 4, { search: '', broker: null, candidat: null }, { group: 'next', offset: 20 })).toEqual({
      path: 'promotions/4/notary/actions',
      query: { search: undefined, candidat: undefined, group: 'next', offset: 20, limit: undefined },
    });
  });

  it("asks the notary's own list without the broker filter", () => {
    expect(tasksScreenRequest(notary, 4, { search: 'acte', broker: 7, candidat: 12 })).toEqual({
      path: 'promotions/4/notary/actions',
      query: { search: 'acte', candidat: 12 },
    });
  });
});

describe('the tasks screen groups and rows', () => {
  it("shows Prochainement, Aujourd'hui and En retard in that order", () => {
    expect(TASK_GROUPS.map((g) => [g.key, g.label])).toEqual([
      ['next', 'Prochainement'],
      ['today', "Aujourd'hui"],
      ['past', 'En retard'],
    ]);
    expect(countTasks(undefined)).toBeUndefined();
    expect(countTasks({ totals: { next: 1, today: 0, past: 42 } })).toBe(43);
  });

  it('links a target to its screen when the user may open it', () => {
    const candidate = { target_class: 'candidate', candidacy_id: 3, lot_public_id: null, application_id: null } as const;
    const lot = { target_class: 'lot', candidacy_id: null, lot_public_id: 'abc-123', application_id: null } as const;
    const application = { target_class: 'application', candidacy_id: 3, lot_public_id: 'abc-123', application_id: 9 } as const;
    expect(taskTargetLink(candidate, broker)).toBe('/candidats?candidacy=3');
    expect(taskTargetLink(lot, broker)).toBe('/lots?lot=abc-123');
    expect(taskTargetLink(application, broker)).toBe('/tunnel-de-vente?application=9');
    // The candidates screen is the brokers'.
    expect(taskTargetLink(candidate, notary)).toBeNull();
    expect(taskTargetLink(lot, notary)).toBe('/lots?lot=abc-123');
    expect(taskTargetLink(application, notary)).toBe('/tunnel-de-vente?application=9');
  });
});
