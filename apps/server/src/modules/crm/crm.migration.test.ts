import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/migrations-folder.js';

describe('migration 0005: the connected promotions (docs/decisions/011-crm-connection-per-promotion.md)', () => {
  const { client, migrateUpTo, migrateRest } = databaseBefore('0004_candidacies_promotion_created');

  it("connects exactly the promotions of the original system's rule: an id above 1425, or 830", async () => {
    await migrateUpTo();
    await client.exec(
      `insert into promotions (id, title) values (5, 'A'), (829, 'B'), (830, 'C'), (831, 'D'), (1425, 'E'), (1426, 'F'), (2000, 'G')`,
    );

    await migrateRest();

    const { rows } = await client.query<{ id: number; crm_connected: boolean; salesforce_id: string | null }>(
      'select id, crm_connected, salesforce_id from promotions order by id',
    );
    expect(rows.filter((r) => r.crm_connected).map((r) => r.id)).toEqual([830, 1426, 2000]);
    expect(rows.every((r) => r.salesforce_id === null)).toBe(true);
    // A promotion created afterwards starts disconnected: an admin connects it.
    await client.exec(`insert into promotions (id, title) values (3000, 'H')`);
    expect(
      (await client.query<{ crm_connected: boolean }>('select crm_connected from promotions where id = 3000')).rows[0].crm_connected,
    ).toBe(false);
  });
});
