import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgency, createPromotion, createUser } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { agencies, candidacies, candidates, promotions, users } from './schema/index.js';

/**
 * The candidates screen's sort keys (migration 0020, schema/sales.ts candidacies.sort_*): the
 * database sets them whenever a candidacy is written and follows the broker's name, the agency's
 * name and the candidate's budget, so that a page sorted by them is read along an index (issue 20).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.database.db;

const keysOf = async (id: number) => {
  const [row] = await db()
    .select({
      last: candidacies.sortBrokerLast,
      first: candidacies.sortBrokerFirst,
      agency: candidacies.sortAgency,
      budget: candidacies.sortBudget,
    })
    .from(candidacies)
    .where(eq(candidacies.id, id));
  return row;
};

const setUp = async () => {
  const agency = await createAgency(db(), 'Agence du Léman');
  const promotion = await createPromotion(db(), { title: 'Les Clés', agencyIds: [agency.id] });
  const broker = await createUser(db(), 'broker', { firstName: 'Élodie', lastName: 'Zürcher', promotionIds: [promotion.id] });
  const [candidate] = await db()
    .insert(candidates)
    .values({ promotionId: promotion.id, firstName: 'Anne', lastName: 'Meylan', email: 'anne.meylan@exemple.ch', budget: 900_000 })
    .returning();
  const [candidacy] = await db()
    .insert(candidacies)
    .values({ promotionId: promotion.id, candidateId: candidate.id, brokerId: broker.id, agencyId: agency.id })
    .returning();
  return { agency, promotion, broker, candidate, candidacy };
};

describe('sort keys of the candidates screen (migration 0020)', () => {
  it('a new candidacy takes its broker’s lowered names, its agency’s name and its candidate’s budget', async () => {
    const { candidacy } = await setUp();
    expect(await keysOf(candidacy.id)).toEqual({ last: 'zürcher', first: 'élodie', agency: 'Agence du Léman', budget: 900_000 });
  });

  it('the candidacy’s own budget wins over its candidate’s, and a removed broker or agency leaves no key', async () => {
    const { candidacy } = await setUp();
    await db().update(candidacies).set({ budget: 1_250_000, brokerId: null, agencyId: null }).where(eq(candidacies.id, candidacy.id));
    expect(await keysOf(candidacy.id)).toEqual({ last: null, first: null, agency: null, budget: 1_250_000 });
    await db().update(candidacies).set({ budget: null }).where(eq(candidacies.id, candidacy.id));
    expect((await keysOf(candidacy.id)).budget).toBe(900_000);
  });

  it('follows a renamed broker, a renamed agency and a candidate’s new budget', async () => {
    const { candidacy, broker, agency, candidate } = await setUp();
    await db().update(users).set({ lastName: 'Aebischer' }).where(eq(users.id, broker.id));
    await db().update(agencies).set({ name: 'Agence de la Broye' }).where(eq(agencies.id, agency.id));
    await db().update(candidates).set({ budget: 700_000 }).where(eq(candidates.id, candidate.id));
    expect(await keysOf(candidacy.id)).toEqual({ last: 'aebischer', first: 'élodie', agency: 'Agence de la Broye', budget: 700_000 });
  });

  it('a deleted broker leaves no key (the foreign key sets the broker to null)', async () => {
    const { candidacy, broker } = await setUp();
    await db().delete(users).where(eq(users.id, broker.id));
    expect(await keysOf(candidacy.id)).toMatchObject({ last: null, first: null });
  });

  it('an archived promotion keeps its rows while a broker is renamed, and takes the new name when it is restored', async () => {
    const { candidacy, broker, promotion } = await setUp();
    await db().update(promotions).set({ archivedAt: new Date() }).where(eq(promotions.id, promotion.id));
    // The rename itself must not be refused by the archived promotion's guard (migration 0016).
    await db().update(users).set({ lastName: 'Aebischer' }).where(eq(users.id, broker.id));
    expect((await keysOf(candidacy.id)).last).toBe('zürcher');
    await db().update(promotions).set({ archivedAt: null }).where(eq(promotions.id, promotion.id));
    expect((await keysOf(candidacy.id)).last).toBe('aebischer');
  });
});

describe('the search text of the candidates screen (migration 0040)', () => {
  const textOf = async (id: number) =>
    (await db().select({ text: candidacies.searchText }).from(candidacies).where(eq(candidacies.id, id)))[0].text;
  const candidateText = async (id: number) =>
    (await db().select({ text: candidates.searchText }).from(candidates).where(eq(candidates.id, id)))[0].text;

  it('a new candidacy takes its candidate’s search text, and follows his names, e-mail and phones', async () => {
    const { candidacy, candidate } = await setUp();
    expect(await textOf(candidacy.id)).toBe('anne meylan\nmeylan anne\nanne.meylan@exemple.ch\n\n\n');
    await db()
      .update(candidates)
      .set({ lastName: 'Pittet', email: 'anne.pittet@exemple.ch', phonePro: '+41 21 555 66 77' })
      .where(eq(candidates.id, candidate.id));
    expect(await textOf(candidacy.id)).toBe(await candidateText(candidate.id));
    expect(await textOf(candidacy.id)).toContain('pittet anne');
    // A change the text does not hold leaves the candidacy unwritten.
    await db().update(candidates).set({ budget: 1_000_000 }).where(eq(candidates.id, candidate.id));
    expect(await textOf(candidacy.id)).toContain('+41 21 555 66 77');
  });

  it('is the database’s: a candidacy written with another text keeps its candidate’s', async () => {
    const { candidacy, candidate } = await setUp();
    await db().update(candidacies).set({ searchText: 'quelqu’un d’autre' }).where(eq(candidacies.id, candidacy.id));
    expect(await textOf(candidacy.id)).toBe(await candidateText(candidate.id));
  });
});

describe('the name keys of the candidates screen (migration 0042)', () => {
  const namesOf = async (id: number) =>
    (await db().select({ last: candidacies.sortLast, first: candidacies.sortFirst }).from(candidacies).where(eq(candidacies.id, id)))[0];

  it('a new candidacy takes its candidate’s lowered names, and follows them when he is renamed', async () => {
    const { candidacy, candidate } = await setUp();
    expect(await namesOf(candidacy.id)).toEqual({ last: 'meylan', first: 'anne' });
    await db().update(candidates).set({ firstName: 'Éloïse', lastName: 'Du Pasquier' }).where(eq(candidates.id, candidate.id));
    expect(await namesOf(candidacy.id)).toEqual({ last: 'du pasquier', first: 'éloïse' });
  });

  it('a candidacy moved to another candidate takes his names; written with other names, it keeps its candidate’s', async () => {
    const { candidacy, promotion } = await setUp();
    const [other] = await db().insert(candidates).values({ promotionId: promotion.id, firstName: 'Noé', lastName: 'Rochat' }).returning();
    await db().update(candidacies).set({ candidateId: other.id }).where(eq(candidacies.id, candidacy.id));
    expect(await namesOf(candidacy.id)).toEqual({ last: 'rochat', first: 'noé' });
    await db().update(candidacies).set({ sortLast: 'aaa', sortFirst: 'aaa' }).where(eq(candidacies.id, candidacy.id));
    expect(await namesOf(candidacy.id)).toEqual({ last: 'rochat', first: 'noé' });
  });
});
