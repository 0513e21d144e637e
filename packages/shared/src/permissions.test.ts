import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  can,
  candidacyAudienceOf,
  canEditCandidacyOf,
  canEditTask,
  canFinishTask,
  choosesCrmValidatedPartnersOnly,
  PERMISSIONS,
  type Permission,
  rolesWith,
  seesCrmColumns,
  taskFinishRefusal,
  threadRecipientTypes,
} from './permissions.js';
import { actsForApplicationAgency } from './pipeline.js';
import { type Actor, CRM_AGENCY_ID, isCrmAgency, USER_TYPES } from './roles.js';

const doc = readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
const actor = (type: Actor['type'], admin = false): Actor => ({ id: 1, type, admin, restricted_access: 0, agency_id: 1 });

describe('docs/permissions.md', () => {
  it('states exactly the permission table of the code', () => {
    const rows = doc.split('\n').filter((line) => line.startsWith('| `'));
    const documented = Object.fromEntries(
      rows.map((line) => {
        const cells = line
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim());
        return [cells[0].replace(/`/g, ''), cells.slice(1)];
      }),
    );
    expect(Object.keys(documented).sort()).toEqual(Object.keys(PERMISSIONS).sort());
    for (const name of Object.keys(PERMISSIONS) as Permission[]) {
      const expected = [
        ...USER_TYPES.map((type) => (can(actor(type), name) ? 'yes' : '-')),
        can(actor('broker', true), name) ? 'yes' : '-',
      ];
      expect(documented[name], name).toEqual(expected);
    }
  });
});

describe('row rules (docs/product/access.md#who-may-do-what)', () => {
  it("lets a broker edit only his own agency's candidacies", () => {
    expect(canEditCandidacyOf(actor('broker'), 1)).toBe(true);
    expect(canEditCandidacyOf(actor('broker'), 2)).toBe(false);
    expect(canEditCandidacyOf(actor('promoter'), 1)).toBe(false);
  });

  it('binds a broker without an agency to none, not to the candidacies without one', () => {
    const noAgency = { ...actor('broker'), agency_id: null };
    expect(canEditCandidacyOf(noAgency, null)).toBe(false);
    expect(canEditCandidacyOf(noAgency, 1)).toBe(false);
  });

  it("is the funnel's agency rule too (one function for every agency check)", () => {
    const application = (candidacy_agency_id: number | null) => ({ candidacy_agency_id });
    for (const agency of [1, 2, null]) {
      expect(actsForApplicationAgency(actor('broker'), application(agency))).toBe(canEditCandidacyOf(actor('broker'), agency));
    }
  });

  it('lets only admins remove assistants', () => {
    expect(can(actor('broker'), 'assistant.remove')).toBe(false);
    expect(can(actor('notary', true), 'assistant.remove')).toBe(true);
  });

  it('offers thread recipients by role', () => {
    expect(threadRecipientTypes('broker')).toEqual(['candidate', 'notary']);
    expect(threadRecipientTypes('notary')).toEqual(['candidate', 'broker']);
    expect(threadRecipientTypes('pilot')).toEqual(['investor']);
    expect(threadRecipientTypes('investor')).toEqual(['pilot']);
    expect(threadRecipientTypes('candidate')).toEqual([]);
  });
});

describe('who reads what (issue 8, defect 9)', () => {
  it('gives each role its candidacy audience', () => {
    expect(Object.fromEntries(USER_TYPES.map((type) => [type, candidacyAudienceOf(actor(type))]))).toEqual({
      broker: 'sales',
      promoter: 'partner',
      banker: 'partner',
      architect: 'viewer',
      notary: 'partner',
      candidate: 'owner',
      pilot: 'viewer',
      investor: 'viewer',
    });
    // The admin flag shows nothing more: an admin candidate is still the owner of his candidacy only.
    expect(candidacyAudienceOf(actor('candidate', true))).toBe('owner');
  });

  it('lets nobody list brokers, investors or pilots without a screen or a thread that needs them', () => {
    expect(rolesWith('broker.list')).toEqual(['broker', 'promoter', 'banker', 'architect', 'notary']);
    expect(rolesWith('investor.list')).toEqual(['pilot']);
    expect(rolesWith('pilot.list')).toEqual(['investor']);
    for (const permission of ['broker.list', 'investor.list', 'pilot.list'] as const) {
      expect(can(actor('candidate'), permission)).toBe(false);
    }
  });
});

describe('who may mark a task finished', () => {
  const open = { automatic_end: false, done_at: null, assigned_to_id: 7 };
  it('lets brokers, and notaries for their own tasks; never a process task or a done one', () => {
    expect(canFinishTask({ id: 1, type: 'broker' }, open)).toBe(true);
    expect(canFinishTask({ id: 7, type: 'notary' }, open)).toBe(true);
    expect(canFinishTask({ id: 8, type: 'notary' }, open)).toBe(false);
    expect(canFinishTask({ id: 1, type: 'banker' }, open)).toBe(false);
    expect(canFinishTask({ id: 1, type: 'broker' }, { ...open, automatic_end: true })).toBe(false);
    expect(canFinishTask({ id: 1, type: 'broker' }, { ...open, done_at: '2026-03-01T08:00:00.000Z' })).toBe(false);
  });
});

describe('task rules shared by the client and the server', () => {
  const open = { automatic_end: false, done_at: null, assigned_to_id: 7 };
  it('names why a task may not be finished', () => {
    expect(taskFinishRefusal({ id: 8, type: 'notary' }, open)).toBe('notYours');
    expect(taskFinishRefusal({ id: 1, type: 'broker' }, { ...open, automatic_end: true })).toBe('automaticTask');
    expect(taskFinishRefusal({ id: 1, type: 'broker' }, { ...open, done_at: '2026-03-01T08:00:00.000Z' })).toBe('alreadyDone');
    expect(taskFinishRefusal({ id: 1, type: 'promoter' }, open)).toBe('role');
  });

  it('lets brokers edit an open hand-made task; never a process task, a done one, or a banker', () => {
    expect(canEditTask({ type: 'broker' }, open)).toBe(true);
    expect(canEditTask({ type: 'broker' }, { ...open, automatic_end: true })).toBe(false);
    expect(canEditTask({ type: 'broker' }, { ...open, done_at: '2026-03-01T08:00:00.000Z' })).toBe(false);
    expect(canEditTask({ type: 'banker' }, open)).toBe(false);
  });

  it('gives the roles of a permission for routes and commands', () => {
    expect(rolesWith('task.finish')).toEqual(['broker', 'notary']);
    expect(rolesWith('task.edit')).toEqual(['broker']);
  });
});

describe('the CRM agency (agency 1, docs/product/access.md#who-may-do-what)', () => {
  it('sees the CRM columns and, in a promotion synced to the CRM, chooses validated partners only', () => {
    expect(isCrmAgency(CRM_AGENCY_ID)).toBe(true);
    expect([2, null, undefined].map(isCrmAgency)).toEqual([false, false, false]);
    expect(seesCrmColumns({ agency_id: CRM_AGENCY_ID })).toBe(true);
    expect(seesCrmColumns({ agency_id: 2 })).toBe(false);
    const synced = new Date('2026-03-01T10:00:00Z');
    expect(choosesCrmValidatedPartnersOnly({ agency_id: CRM_AGENCY_ID }, synced)).toBe(true);
    expect(choosesCrmValidatedPartnersOnly({ agency_id: CRM_AGENCY_ID }, null)).toBe(false);
    expect(choosesCrmValidatedPartnersOnly({ agency_id: 2 }, '2026-03-01T10:00:00Z')).toBe(false);
  });
});
