import { rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/client.js';
import { migrationsFolderUpTo } from '../../test/migrations-folder.js';

describe('migration 0006: invitations and one main notary (docs/sales-process.md#people-of-a-promotion)', () => {
  const client = new PGlite();
  const db = drizzle(client);
  let folder = '';
  afterAll(async () => {
    await client.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('keeps one main notary where several were flagged, then refuses a second; older resets are resets', async () => {
    folder = await migrationsFolderUpTo('0005_crm_send');
    await migrate(db, { migrationsFolder: folder });
    await client.exec(`
      insert into promotions (id, title) values (1, 'Les Terrasses'), (2, 'Les Vergers');
      insert into users (id, type, email) values (7, 'notary', 'a@n.ch'), (8, 'notary', 'b@n.ch'), (9, 'notary', 'c@n.ch');
      insert into promotion_user (promotion_id, user_id, main) values (1, 7, true), (1, 8, true), (2, 9, true);
      insert into password_resets (user_id, token_hash, expires_at) values (7, 'h', now());
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

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
