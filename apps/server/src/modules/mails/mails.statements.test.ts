import { afterAll, beforeAll, describe, it } from 'vitest';
import { mailMessages } from '../../db/schema/index.js';
import { expectBoundedQueries, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { bearer, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

// The read budget of the admins' 'E-mails' list (docs/performance.md#patterns-for-lists): the
// sign-in, the page along the primary key and the count (which reads the table, an admin's
// screen like the admin's cards of 'Mes promotions'), whatever the page's size.
let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  const account = await createUser(ctx.database.db, 'broker', { admin: true });
  admin = bearer(await signIn(ctx.app, account.email));
  await ctx.database.db.insert(mailMessages).values(
    Array.from({ length: 51 }, (_, index) => ({
      to: [`client${index}@exemple.ch`],
      subject: `Votre dossier ${index}`,
      text: 'Bonjour',
      html: '<div>Bonjour</div>',
      status: 'kept',
    })),
  );
});
afterAll(() => ctx.close());

describe('GET admin/mails reads in at most 3 statements', () => {
  it('reads a full page and the last page of one e-mail with the same statements', async () => {
    await expectBoundedQueries(ctx, admin, { many: '/api/admin/mails', one: '/api/admin/mails?page=2' });
    await expectStatementsAtMost(ctx, admin, '/api/admin/mails', 3);
  });
});
