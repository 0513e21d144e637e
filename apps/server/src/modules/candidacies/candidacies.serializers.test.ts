import { type CandidacyListRow, candidacyListViewSchema } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import { serializeCandidacyListRowFor } from './candidacies.serializers.js';

/** A row of the candidates table as the page builds it (CandidacyListRow, issue 20 lean pages). */
const row: CandidacyListRow = {
  id: 7,
  promotion_id: 3,
  status: 3,
  status_text: 'Intéressé',
  priority: 1,
  priority_text: 'A',
  vip: true,
  reason_vip: 'Ami du promoteur',
  created_at: '2026-11-20T09:00:00.000Z',
  budget: 950_000,
  agency_id: 2,
  agency_name: 'Naef Immobilier',
  crm_validated: true,
  crm_id: 'SF-0042',
  broker: { id: 5, full_name: 'Paul Courtier', profile_picture: null },
  candidate: { id: 11, full_name: 'Élodie Favre', email: 'elodie.favre@example.ch' },
  applications: [
    {
      id: 21,
      public_id: 'a1b2',
      priority: 1,
      status_text: 'Optionné',
      is_over_deadline: false,
      reservation_sent_at: null,
      lot: { reference: 'A-12', title: 'Attique 4.5 pièces' },
    },
  ],
  comments_count: 2,
  files_count: 1,
  tasks: [
    {
      id: 31,
      title: 'Rappeler',
      end_at: '2026-11-30T10:00:00.000Z',
      done_at: null,
      time_status: 'next',
      automatic_end: false,
      assigned_to_id: 5,
    },
  ],
  tasks_count: 1,
  can_edit: true,
};

const keys = (value: object) => Object.keys(value).sort();

describe("a row of the candidates table for each audience (the lists of candidacies.serializers.ts, issue 8's rule on issue 20's lean row)", () => {
  it('the brokers receive the row whole', () => {
    expect(serializeCandidacyListRowFor('sales', row)).toEqual(row);
  });

  it('promoters, notaries and bankers would not receive the sales notes (priority, VIP, CRM)', () => {
    const shaped = serializeCandidacyListRowFor('partner', row);
    expect(keys(shaped)).toEqual(
      keys(row).filter((key) => !['priority', 'priority_text', 'vip', 'reason_vip', 'crm_validated', 'crm_id'].includes(key)),
    );
    expect(shaped.applications).toEqual(row.applications);
    expect(candidacyListViewSchema.strict().parse(shaped)).toEqual(shaped);
  });

  it('architects would receive neither the budget nor the work of the sale (comments, tasks)', () => {
    const shaped = serializeCandidacyListRowFor('viewer', row);
    expect(keys(shaped)).toEqual(
      keys(row).filter(
        (key) =>
          ![
            'priority',
            'priority_text',
            'vip',
            'reason_vip',
            'crm_validated',
            'crm_id',
            'budget',
            'comments_count',
            'tasks',
            'tasks_count',
          ].includes(key),
      ),
    );
    expect(candidacyListViewSchema.strict().parse(shaped)).toEqual(shaped);
  });

  it("the candidate himself would receive neither the desk's classification nor his applications' positions and deadlines", () => {
    const shaped = serializeCandidacyListRowFor('owner', row);
    expect(shaped).not.toHaveProperty('status');
    expect(shaped).not.toHaveProperty('can_edit');
    expect(shaped).not.toHaveProperty('tasks');
    expect(keys(shaped.applications[0])).toEqual(['id', 'lot', 'public_id', 'reservation_sent_at', 'status_text']);
    expect(shaped.candidate).toEqual(row.candidate);
    expect(candidacyListViewSchema.strict().parse(shaped)).toEqual(shaped);
  });
});
