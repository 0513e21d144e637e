import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_ACTIONS,
  type ApplicationAction,
  type ApplicationState,
  actsForApplicationAgency,
  applicationActionRoles,
  applicationActions,
  canRunApplicationAction,
  milestoneText,
  PROCESS_TASKS,
  priorityDeadline,
  priorityDeadlineChanges,
} from './pipeline.js';
import { type Actor, USER_TYPES, type UserType } from './roles.js';
import { fromSwissTime } from './swiss-time.js';

const actor = (type: UserType, agency_id: number | null = type === 'broker' ? 2 : null): Actor => ({
  id: 1,
  type,
  admin: false,
  restricted_access: 0,
  agency_id,
});

const state = (values: Partial<ApplicationState> = {}): ApplicationState => ({
  status: 0,
  priority: 9,
  multi_agency: false,
  reservation_sent_at: null,
  first_reservation_at: null,
  reservation_confirmed_at: null,
  reservation_deposit_confirmed_at: null,
  promise_planned_at: null,
  act_of_purchase_at: null,
  status_FIN_checked: false,
  solvent: null,
  has_partner: false,
  open_task_kinds: [],
  candidacy_agency_id: 2,
  ...values,
});

const SENT = '2026-11-02T09:00:00.000Z';
const who = (action: ApplicationAction, application: ApplicationState) =>
  USER_TYPES.filter((type) => canRunApplicationAction(actor(type), action, application));

/**
 * The table of docs/product/funnel.md#actions-on-an-application: for each action, who may run it, a state where its condition
 * holds and states where it does not.
 */
const TABLE: { action: ApplicationAction; who: UserType[]; holds: ApplicationState[]; fails: ApplicationState[] }[] = [
  {
    action: 'sendReservationForm',
    who: ['broker'],
    holds: [state(), state({ multi_agency: true, priority: 1 })],
    fails: [state({ reservation_sent_at: SENT }), state({ multi_agency: true, priority: 2 }), state({ multi_agency: true, priority: 9 })],
  },
  {
    action: 'resendReservationForm',
    who: ['broker'],
    holds: [state({ reservation_sent_at: SENT })],
    fails: [state()],
  },
  {
    action: 'validateReservationForm',
    who: ['broker'],
    holds: [state({ reservation_sent_at: SENT, first_reservation_at: SENT })],
    fails: [state({ reservation_sent_at: SENT }), state({ first_reservation_at: SENT, reservation_confirmed_at: SENT })],
  },
  {
    action: 'unvalidateReservationForm',
    who: ['broker'],
    holds: [state({ first_reservation_at: SENT })],
    fails: [state(), state({ first_reservation_at: SENT, reservation_confirmed_at: SENT })],
  },
  {
    action: 'scheduleAgreement',
    who: ['broker'],
    holds: [state({ status: 1 })],
    fails: [state({ status: 0 }), state({ status: 2 }), state({ status: 1, promise_planned_at: SENT })],
  },
  {
    action: 'advanceDepositReceived',
    who: ['broker', 'notary'],
    holds: [state({ reservation_sent_at: SENT }), state({ reservation_sent_at: SENT, multi_agency: true, priority: 1 })],
    fails: [
      state(),
      state({ status: 1, reservation_sent_at: SENT }),
      state({ reservation_sent_at: SENT, reservation_deposit_confirmed_at: SENT }),
      state({ reservation_sent_at: SENT, multi_agency: true, priority: 2 }),
    ],
  },
  {
    action: 'planActOfPurchase',
    who: ['broker'],
    holds: [state({ status: 2 })],
    fails: [state({ status: 1 }), state({ status: 2, act_of_purchase_at: SENT }), state({ status: 3 })],
  },
  {
    action: 'actOfPurchaseSigned',
    who: ['broker'],
    holds: [state({ status: 2, act_of_purchase_at: SENT })],
    fails: [state({ status: 2 }), state({ status: 3, act_of_purchase_at: SENT })],
  },
  {
    action: 'ClientSolvent',
    who: ['broker', 'banker'],
    holds: [state({ status: 1 }), state({ status: 1, status_FIN_checked: true, solvent: false })],
    fails: [state({ status: 0 }), state({ status: 1, status_FIN_checked: true, solvent: true }), state({ status: 2 })],
  },
  {
    action: 'clientNonSolvent',
    who: ['broker', 'banker'],
    holds: [state({ status: 1, open_task_kinds: ['verify_solvency'] })],
    fails: [state({ status: 1 }), state({ status: 1, open_task_kinds: ['send_draft_act'] })],
  },
  {
    action: 'draftActSent',
    who: ['broker', 'notary'],
    holds: [state({ status: 1, open_task_kinds: ['send_draft_act'] })],
    fails: [state({ status: 1 })],
  },
  {
    action: 'callForFundsSent',
    who: ['broker', 'notary'],
    holds: [state({ status: 2, open_task_kinds: ['send_call_for_funds'] })],
    fails: [state({ status: 2 })],
  },
  {
    action: 'agreementFundsReceived',
    who: ['broker', 'notary'],
    holds: [state({ status: 1, open_task_kinds: ['confirm_promise_funds'] })],
    fails: [state({ status: 1, open_task_kinds: ['send_draft_act'] })],
  },
  { action: 'negotiatePrice', who: ['broker'], holds: [state(), state({ status: 3 })], fails: [] },
  { action: 'updateStatuses', who: ['broker'], holds: [state(), state({ status: 2 })], fails: [] },
  { action: 'addTask', who: ['broker'], holds: [state()], fails: [] },
  {
    action: 'updatePriority',
    who: ['broker'],
    holds: [state(), state({ status: 2 }), state({ multi_agency: true, status: 0 })],
    fails: [state({ multi_agency: true, status: 1 })],
  },
  { action: 'deleteApplication', who: ['broker'], holds: [state(), state({ status: 3 })], fails: [] },
  { action: 'addCandidacy', who: ['broker'], holds: [state()], fails: [state({ has_partner: true })] },
  { action: 'detachCandidacy', who: ['broker'], holds: [state({ has_partner: true })], fails: [state()] },
  { action: 'history', who: ['broker'], holds: [state()], fails: [] },
  { action: 'sendNewAccess', who: ['broker'], holds: [state({ reservation_sent_at: SENT })], fails: [state()] },
  { action: 'downloadPdf', who: ['broker', 'notary', 'banker', 'promoter'], holds: [state(), state({ status: 3 })], fails: [] },
];

describe('the actions of docs/product/funnel.md#actions-on-an-application', () => {
  for (const row of TABLE) {
    it(`${row.action}: ${row.who.join(', ')} only, and only when its condition holds`, () => {
      for (const application of row.holds) expect(who(row.action, application).sort()).toEqual([...row.who].sort());
      for (const application of row.fails) expect(who(row.action, application)).toEqual([]);
      expect([...applicationActionRoles(row.action)].sort()).toEqual([...row.who].sort());
    });
  }

  it('covers every action of the first column', () => {
    const covered = new Set(TABLE.map((r) => r.action));
    const firstColumn = (Object.keys(APPLICATION_ACTIONS) as ApplicationAction[]).filter(
      (a) => APPLICATION_ACTIONS[a].column === 1 && a !== 'applicationDates',
    );
    expect(firstColumn.filter((a) => !covered.has(a))).toEqual([]);
  });

  it('the edit-statuses action is not offered to bankers (docs/product/funnel.md#actions-on-an-application)', () => {
    expect(applicationActions(actor('banker'), state({ status: 1 }))).not.toContain('updateStatuses');
  });

  it('candidates, pilots and investors get no action', () => {
    for (const type of ['candidate', 'pilot', 'investor'] as const) {
      expect(applicationActions(actor(type), state({ status: 1, reservation_sent_at: SENT }))).toEqual([]);
    }
  });
});

describe('the menu of the funnel (applicationActions)', () => {
  it('hides the first column from architects (docs/product/funnel.md#screens)', () => {
    const menu = applicationActions(actor('architect'), state({ status: 1 }));
    expect(menu.length).toBeGreaterThan(0);
    expect(menu.every((a) => APPLICATION_ACTIONS[a].column === 2)).toBe(true);
    expect(menu).toContain('files');
  });

  it('offers a broker the form and the candidacy actions of his own agency only', () => {
    const own = applicationActions(actor('broker', 2), state());
    expect(own).toEqual(expect.arrayContaining(['sendReservationForm', 'editCandidate', 'deleteCandidate', 'addCandidacy']));
    const other = applicationActions(actor('broker', 1), state());
    expect(other).not.toContain('editCandidate');
    expect(other).not.toContain('deleteCandidate');
  });

  it('hides the reservation form actions for the second candidate (docs/product/funnel.md#actions-on-an-application override)', () => {
    const broker = actor('broker');
    expect(applicationActions(broker, state({ as_second_candidate: true }))).not.toContain('sendReservationForm');
    expect(applicationActions(broker, state({ as_second_candidate: true, reservation_sent_at: SENT }))).not.toContain(
      'resendReservationForm',
    );
    expect(applicationActions(broker, state({ as_second_candidate: true, reservation_sent_at: SENT }))).toContain('sendNewAccess');
  });

  it('follows the notary through the process tasks', () => {
    const notary = actor('notary');
    expect(applicationActions(notary, state({ reservation_sent_at: SENT }))).toContain('advanceDepositReceived');
    expect(applicationActions(notary, state({ status: 1, open_task_kinds: ['send_draft_act'] }))).toContain('draftActSent');
    expect(applicationActions(notary, state({ status: 1 }))).not.toContain('draftActSent');
  });
});

describe('actsForApplicationAgency (docs/sales-process.md#1-tenancy-and-access-built)', () => {
  it("binds brokers to their agency's applications, not the other roles", () => {
    expect(actsForApplicationAgency(actor('broker', 2), { candidacy_agency_id: 2 })).toBe(true);
    expect(actsForApplicationAgency(actor('broker', 1), { candidacy_agency_id: 2 })).toBe(false);
    expect(actsForApplicationAgency(actor('broker', null), { candidacy_agency_id: null })).toBe(false);
    expect(actsForApplicationAgency(actor('notary'), { candidacy_agency_id: 2 })).toBe(true);
    expect(actsForApplicationAgency(actor('banker'), { candidacy_agency_id: 1 })).toBe(true);
  });

  it('lets an admin broker (support) act on any agency, and hides the first column from other agencies', () => {
    expect(actsForApplicationAgency({ ...actor('broker', 1), admin: true }, { candidacy_agency_id: 2 })).toBe(true);
    const foreign = state({ candidacy_agency_id: 1 });
    expect(applicationActions(actor('broker', 2), foreign)).not.toContain('deleteApplication');
    expect(applicationActions(actor('broker', 2), foreign)).toContain('history');
  });
});

describe('the process tasks (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built)', () => {
  it('have the titles that open the notary and banker actions, and their assignees', () => {
    expect(PROCESS_TASKS.verify_solvency).toEqual({ title: 'Vérifier la solvabilité du client', assignee: 'banker' });
    expect(PROCESS_TASKS.send_call_for_funds).toEqual({ title: "Envoyer l'appel de fonds", assignee: 'notary' });
    expect(PROCESS_TASKS.reservation_form_pending.assignee).toBe('broker');
  });
});

describe('priorityDeadline (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built)', () => {
  const multi = { multi_agency: true, reservation_timeout: 5 };
  const since = '2026-11-01T10:00:00.000Z';

  it('is last_priority_change plus the timeout in days, for priority 1 of a multi-agency promotion', () => {
    expect(priorityDeadline({ status: 0, priority: 1, last_priority_change: since }, multi, new Date('2026-11-02T10:00:00Z'))).toEqual({
      deadline: '2026-11-06T10:00:00.000Z',
      deadline_is_in_less_than_one_day: false,
      is_over_deadline: false,
    });
  });

  it('warns under 24 hours and is over once passed', () => {
    expect(
      priorityDeadline({ status: 0, priority: 1, last_priority_change: since }, multi, new Date('2026-11-05T12:00:00Z')),
    ).toMatchObject({
      deadline_is_in_less_than_one_day: true,
      is_over_deadline: false,
    });
    expect(
      priorityDeadline({ status: 0, priority: 1, last_priority_change: since }, multi, new Date('2026-11-06T10:00:00Z')),
    ).toMatchObject({
      deadline_is_in_less_than_one_day: false,
      is_over_deadline: true,
    });
  });

  it('is none for other priorities, other promotions or without a timeout', () => {
    const none = { deadline: null, deadline_is_in_less_than_one_day: false, is_over_deadline: false };
    expect(priorityDeadline({ status: 0, priority: 2, last_priority_change: since }, multi)).toEqual(none);
    expect(
      priorityDeadline({ status: 0, priority: 1, last_priority_change: since }, { multi_agency: false, reservation_timeout: 5 }),
    ).toEqual(none);
    expect(
      priorityDeadline({ status: 0, priority: 1, last_priority_change: since }, { multi_agency: true, reservation_timeout: null }),
    ).toEqual(none);
  });

  it('is none once the lot is reserved, promised or sold, however old the priority', () => {
    const none = { deadline: null, deadline_is_in_less_than_one_day: false, is_over_deadline: false };
    const later = new Date('2027-01-01T10:00:00Z');
    for (const status of [1, 2, 3]) {
      expect(priorityDeadline({ status, priority: 1, last_priority_change: since }, multi, later)).toEqual(none);
    }
    expect(priorityDeadline({ status: 0, priority: 1, last_priority_change: since }, multi, later)).toMatchObject({
      is_over_deadline: true,
    });
  });
});

describe('dates of the pipeline (docs/product/validation.md#sales-pipeline-forms and docs/product/calls.md#command-dispatcher)', () => {
  it('reads pickers in Swiss time and writes milestone texts as dd/MM/yyyy HH:mm', () => {
    expect(fromSwissTime('2026-12-03', '10:00').toISOString()).toBe('2026-12-03T09:00:00.000Z');
    expect(milestoneText('Envoyé le', '2026-03-12T09:00:00.000Z')).toBe('Envoyé le 12/03/2026 10:00');
    expect(milestoneText('Envoyé le', '2026-06-12T08:00:00.000Z')).toBe('Envoyé le 12/06/2026 10:00');
  });
});

describe('docs/permissions.md, application actions', () => {
  it('states who may run every action of the menu, in the order of the code', () => {
    const doc = readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
    const rows = doc
      .split('\n')
      .filter((line) => line.startsWith('| action `'))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(rows.map((cells) => cells[1].replace(/^action `|`$/g, ''))).toEqual(Object.keys(APPLICATION_ACTIONS));
    for (const cells of rows) {
      const action = cells[1].replace(/^action `|`$/g, '') as ApplicationAction;
      expect(cells[2], action).toBe(String(APPLICATION_ACTIONS[action].column));
      expect(cells[3], action).toBe(applicationActionRoles(action).join(', '));
    }
  });
});

describe('priorityDeadlineChanges: when the deadline flags change (platform/clock.ts keeps an answer until then)', () => {
  const multi = { multi_agency: true, reservation_timeout: 5 };
  const row = { status: 0, priority: 1, last_priority_change: '2026-11-01T10:00:00.000Z' };
  const flags = (at: number) => priorityDeadline(row, multi, new Date(at));

  it('names every instant the flags change, and the flags are the same between them', () => {
    const deadline = flags(0).deadline as string;
    const changes = priorityDeadlineChanges(deadline);
    expect(changes).toEqual([Date.parse('2026-11-05T10:00:00.001Z'), Date.parse('2026-11-06T10:00:00.000Z')]);
    for (const change of changes) expect(flags(change - 1), String(change)).not.toEqual(flags(change));
    // Between the changes (and before the first, after the last) nothing moves.
    const probes = [Date.parse('2026-11-01T10:00:00Z'), ...changes.flatMap((c) => [c, c + 3_600_000]), Date.parse('2026-12-01T00:00:00Z')];
    const segment = (at: number) => changes.filter((c) => c <= at).length;
    for (const a of probes) for (const b of probes) if (segment(a) === segment(b)) expect(flags(a)).toEqual(flags(b));
  });
});
