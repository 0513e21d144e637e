import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/migrations-folder.js';

describe('migration 0006: invitations and one main notary (docs/sales-process.md#people-of-a-promotion)', () => {
  const { client, migrateUpTo, migrateRest } = databaseBefore('0005_crm_send');

  it('keeps one main notary where several were flagged, then refuses a second; older resets are resets', async () => {
    await migrateUpTo();
    await client.exec(`
      insert into promotions (id, title) values (1, 'Les Terrasses'), (2, 'Les Vergers');
      insert into users (id, type, email) values (7, 'notary', 'a@n.ch'), (8, 'notary', 'b@n.ch'), (9, 'notary', 'c@n.ch');
      insert into promotion_user (promotion_id, user_id, main) values (1, 7, true), (1, 8, true), (2, 9, true);
      insert into password_resets (user_id, token_hash, expires_at) values (7, 'h', now());
    `);

    await migrateRest();

    const mains = await client.query<{ promotion_id: number; user_id: number }>(
      'select promotion_id, user_id from promotion_user where main order by promotion_id',
    );
    expect(mains.rows).toEqual([
      { promotion_id: 1, user_id: 7 },
      { promotion_id: 2, user_id: 9 },
    ]);
    await expect(client.exec('update promotion_user set main = true where user_id = 8')).rejects.toThrow();
    const resets = await client.query<{ purpose: string }>('select purpose from password_resets');
    expect(resets.rows).toEqual([{ purpose: 'reset' }]);
  });
});
