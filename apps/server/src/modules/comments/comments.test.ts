import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { comments, logs } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { candidateAccount, command, createCandidacyRow, salesDesk } from '../candidacies/candidacies.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

describe('comments on a candidacy (docs/product/validation.md#comment and docs/product/access.md#who-may-do-what)', () => {
  it('lets brokers, notaries, bankers and promoters comment, with a history row', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy, candidate } = await createCandidacyRow(db, desk.promotion.id);
    for (const user of [desk.broker, desk.rival, desk.notary, desk.banker, desk.promoter]) {
      const response = await command(ctx.app, await desk.token(user), 'createComment', 'candidacy', candidacy.id, {
        comment: ' Rappel prévu ',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Commentaire ajouté');
      expect(response.json().data).toMatchObject({ comment: 'Rappel prévu', created_by_id: user.id, is_editable: true });
      // The row as it was written, with its author: what the candidacy's screen shows at once.
      const [written] = await db.select().from(comments).where(eq(comments.id, response.json().data.id));
      expect(response.json().data.created_at).toBe(written.createdAt.toISOString());
      expect(response.json().data.created_by).toMatchObject({ id: user.id, full_name: `${user.firstName} ${user.lastName}` });
    }
    expect(await db.select().from(comments)).toHaveLength(5);
    const [log] = await db.select().from(logs);
    expect(log).toMatchObject({
      title: 'Commentaire ajouté',
      executedOnTitle: `${candidate.firstName} ${candidate.lastName}`,
      candidacyId: candidacy.id,
    });
  });

  it('holds a connection of the pool for four statements: begin, the insert answering its row with the candidate, the history, commit (issue 20)', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy } = await createCandidacyRow(db, desk.promotion.id);
    const headers = await desk.token(desk.broker);
    let status = 0;
    const sent = (
      await ctx.captureQueries(async () => {
        status = (await command(ctx.app, headers, 'createComment', 'candidacy', candidacy.id, { comment: 'Rappeler lundi' })).statusCode;
      })
    )
      .map((statement) => statement.sql.trim().split(/\s+/)[0].toLowerCase())
      // The embedded database's driver opens and ends its transactions without logging them.
      .filter((verb) => verb !== 'begin' && verb !== 'commit');
    expect(status).toBe(200);
    // The session, the target's promotion (before the transaction), then in it: the insert with its read, the history.
    expect(sent).toEqual(['select', 'select', 'with', 'insert']);
  });

  it('refuses an empty comment, other roles and another promotion', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy, candidate } = await createCandidacyRow(db, desk.promotion.id);
    const headers = await desk.token(desk.broker);
    const empty = await command(ctx.app, headers, 'createComment', 'candidacy', candidacy.id, { comment: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Le commentaire ne peut pas être vide');
    expect((await command(ctx.app, headers, 'createComment', 'candidacy', candidacy.id, {})).json().message).toBe(
      'Le commentaire ne peut pas être vide',
    );
    const account = await candidateAccount(db, desk.promotion.id, candidate);
    for (const user of [desk.architect, account]) {
      expect(
        (await command(ctx.app, await desk.token(user), 'createComment', 'candidacy', candidacy.id, { comment: 'x' })).statusCode,
      ).toBe(403);
    }
    expect(
      (await command(ctx.app, await desk.token(desk.outsider), 'createComment', 'candidacy', candidacy.id, { comment: 'x' })).statusCode,
    ).toBe(404);
  });

  it('lets only the author edit his comment', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidacy } = await createCandidacyRow(db, desk.promotion.id);
    const other = await createCandidacyRow(db, desk.promotion.id);
    const created = await command(ctx.app, await desk.token(desk.notary), 'createComment', 'candidacy', candidacy.id, {
      comment: 'Premier',
    });
    const commentId = created.json().data.id;

    const byBroker = await command(ctx.app, await desk.token(desk.broker), 'updateComment', 'candidacy', candidacy.id, {
      comment_id: commentId,
      comment: 'Changé',
    });
    expect(byBroker.statusCode).toBe(403);
    const wrongCandidacy = await command(ctx.app, await desk.token(desk.notary), 'updateComment', 'candidacy', other.candidacy.id, {
      comment_id: commentId,
      comment: 'Changé',
    });
    expect(wrongCandidacy.statusCode).toBe(404);
    const empty = await command(ctx.app, await desk.token(desk.notary), 'updateComment', 'candidacy', candidacy.id, {
      comment_id: commentId,
      comment: '',
    });
    expect(empty.json().message).toBe('Le commentaire ne peut pas être vide');

    const ok = await command(ctx.app, await desk.token(desk.notary), 'updateComment', 'candidacy', candidacy.id, {
      comment_id: commentId,
      comment: 'Corrigé',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Commentaire modifié');
    const [row] = await db.select().from(comments).where(eq(comments.id, commentId));
    expect(row.comment).toBe('Corrigé');
  });
});
