import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LibraryAccess } from './contracts/library.js';
import {
  can,
  candidacyAudienceOf,
  canEditTask,
  canFinishTask,
  hasRowRule,
  PERMISSIONS,
  type Permission,
  rolesWith,
  seesCrmColumns,
  taskFinishRefusal,
  threadRecipientTypes,
} from './permissions.js';
import { actsForApplicationAgency } from './pipeline.js';
import { type Actor, CRM_AGENCY_ID, isCrmAgency, USER_TYPES } from './roles.js';
import { choosesCrmValidatedPartnersOnly } from './rules/attribution.js';

const doc = readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
/** The table rows (`| \`name\` | ...`) of one section of docs/permissions.md, by first cell. */
const sectionRows = (heading: string): Record<string, string[]> => {
  const section = doc.split(/\n## /).find((part) => part.startsWith(heading)) ?? '';
  return Object.fromEntries(
    section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => {
        const cells = line
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim());
        return [cells[0].replace(/`/g, ''), cells.slice(1)];
      }),
  );
};
const actor = (type: Actor['type'], admin = false): Actor => ({ id: 1, type, admin, restricted_access: 0, agency_id: 1 });

describe('docs/permissions.md', () => {
  it('states exactly the permission table of the code', () => {
    const documented = sectionRows('Action matrix');
    expect(Object.keys(documented).sort()).toEqual(Object.keys(PERMISSIONS).sort());
    for (const name of Object.keys(PERMISSIONS) as Permission[]) {
      const expected = [
        ...USER_TYPES.map((type) => (can(actor(type), name) ? 'yes' : '-')),
        can(actor('broker', true), name) ? 'yes' : '-',
      ];
      expect(documented[name], name).toEqual(expected);
    }
  });

  it('lists exactly the permissions that take a resource (row rules)', () => {
    const documented = Object.keys(sectionRows('Row rules')).sort();
    expect(documented).toEqual((Object.keys(PERMISSIONS) as Permission[]).filter(hasRowRule).sort());
  });
});

describe('can(actor, permission, resource): the row rules (docs/permissions.md#row-rules)', () => {
  const noAgency = { ...actor('broker'), agency_id: null };
  const ownAgencyPermissions = ['candidacy.edit', 'candidacy.delete', 'candidacy.changeAgency', 'lot.attribute', 'campaign.edit'] as const;

  it("own agency: a broker acts on his own agency's rows only, other roles on none", () => {
    for (const permission of ownAgencyPermissions) {
      expect(can(actor('broker'), permission, { agency_id: 1 }), permission).toBe(true);
      expect(can(actor('broker'), permission, { agency_id: 2 }), permission).toBe(false);
      expect(can(actor('broker'), permission, { agency_id: null }), permission).toBe(false);
      expect(can(actor('promoter'), permission, { agency_id: 1 }), permission).toBe(false);
      // Without a row, the role rule alone: what a route or a command checks.
      expect(can(noAgency, permission), permission).toBe(true);
    }
  });

  it('own agency: a broker without an agency acts on no row, not even the rows without an agency', () => {
    for (const permission of ownAgencyPermissions) {
      expect(can(noAgency, permission, { agency_id: null }), permission).toBe(false);
      expect(can(noAgency, permission, { agency_id: 1 }), permission).toBe(false);
      expect(can({ type: 'broker', admin: false }, permission, { agency_id: null }), `${permission}, agency unknown`).toBe(false);
    }
  });

  it('own agency: the funnel, the reservation form and the candidacy files decide with the same rule', () => {
    const application = (candidacy_agency_id: number | null) => ({ candidacy_agency_id });
    for (const agency of [1, 2, null]) {
      for (const broker of [actor('broker'), noAgency]) {
        const own = can(broker, 'candidacy.edit', { agency_id: agency });
        expect(actsForApplicationAgency(broker, application(agency))).toBe(own);
        expect(can(broker, 'reservationForm.submit', { agency_id: agency })).toBe(own);
        expect(can(broker, 'file.delete', { agency_id: agency, candidate_user_id: null, created_by_id: null })).toBe(own);
      }
    }
  });

  it("owner: a broker adds his own assistants, an admin anyone's", () => {
    expect(can(actor('broker'), 'assistant.add', { owner_id: 1 })).toBe(true);
    expect(can(actor('broker'), 'assistant.add', { owner_id: 2 })).toBe(false);
    expect(can(actor('broker', true), 'assistant.add', { owner_id: 2 })).toBe(true);
    expect(can(actor('notary', true), 'assistant.add', { owner_id: 1 })).toBe(false);
  });

  it('owner: a candidate deletes the files he uploaded to his own candidacy; a promoter any', () => {
    const file = { agency_id: 1, candidate_user_id: 1, created_by_id: 1 };
    expect(can(actor('candidate'), 'file.delete', file)).toBe(true);
    expect(can(actor('candidate'), 'file.delete', { ...file, created_by_id: 5 })).toBe(false);
    expect(can(actor('candidate'), 'file.delete', { ...file, candidate_user_id: 5 })).toBe(false);
    expect(can(actor('promoter'), 'file.delete', { ...file, agency_id: 2 })).toBe(true);
    expect(can(actor('notary'), 'file.delete', file)).toBe(false);
  });

  it('admin: a global question is deleted by an admin broker only; the admin-only permissions', () => {
    expect(can(actor('broker'), 'faq.delete', { global: false })).toBe(true);
    expect(can(actor('broker'), 'faq.delete', { global: true })).toBe(false);
    expect(can(actor('broker', true), 'faq.delete', { global: true })).toBe(true);
    expect(can(actor('notary', true), 'faq.delete', { global: false })).toBe(false);
    for (const permission of [
      'people.manage',
      'promotion.archive',
      'priceGrid.import',
      'crm.connect',
      'application.resetPriorityCounter',
    ] as const) {
      expect(can(actor('broker'), permission), permission).toBe(false);
      expect(can(actor('broker', true), permission), permission).toBe(true);
      expect(can(actor('notary', true), permission), permission).toBe(false);
    }
    expect(can(actor('notary', true), 'outbox.read')).toBe(true);
    expect(can(actor('broker'), 'outbox.read')).toBe(false);
  });

  it('library reader: each role by its flag, a candidate by his best status against the minimum', () => {
    const file: LibraryAccess = {
      access_candidate: true,
      access_promoter: true,
      access_notary: false,
      access_investor: false,
      candidate_min_status: 3,
    };
    const row = (candidate_status: number | null, access = file) => ({ file: access, candidate_status });
    expect(can(actor('architect'), 'library.read', row(null, { ...file, access_candidate: false, access_promoter: false }))).toBe(true);
    expect(can(actor('promoter'), 'library.read', row(null))).toBe(true);
    expect(can(actor('notary'), 'library.read', row(null))).toBe(false);
    expect(can(actor('banker'), 'library.read', row(null))).toBe(false);
    expect(can(actor('candidate'), 'library.read', row(3))).toBe(true);
    expect(can(actor('candidate'), 'library.read', row(1))).toBe(false);
    expect(can(actor('candidate'), 'library.read', row(null))).toBe(false);
    expect(can(actor('candidate'), 'library.read', row(0, { ...file, candidate_min_status: null }))).toBe(true);
    expect(can(actor('candidate'), 'library.read', row(6, { ...file, access_candidate: false }))).toBe(false);
    expect(can(actor('banker'), 'library.read')).toBe(true);
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
