import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromotion } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { candidacies, candidates } from './schema/index.js';
import { candidacyMatches, candidateMatches, containsPattern } from './search.js';

/**
 * The search of candidates (docs/product/candidates.md#screens) reads the search text the
 * database keeps per candidate (migration 0037): it must find exactly the candidates that the
 * eight contains-matches over the fields find.
 */
let ctx: TestContext;
let ids: number[] = [];
let promotionId = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  const promotion = await createPromotion(ctx.database.db, { title: 'Les Recherches' });
  const people: Omit<typeof candidates.$inferInsert, 'promotionId'>[] = [
    { firstName: 'Élodie', lastName: 'Dupont', email: 'elodie.dupont@example.ch', phone: '+41 79 123 45 67' },
    { firstName: 'Jean-Marc', lastName: "D'Allèves", email: null, phonePrivate: '022 345 67 89', phonePro: '021 999 00 11' },
    { firstName: 'ÖZLEM', lastName: 'ŞAHİN', email: 'OZLEM@EXAMPLE.CH' },
    { firstName: 'Anna', lastName: 'Müller-Straße', email: 'anna_50%@example.ch', phone: null },
    { firstName: 'Du', lastName: 'Pont', email: 'du.pont@example.ch' },
    { firstName: 'Luc', lastName: 'Favre', phone: '0791234567', phonePro: '+41 21 555 66 77' },
  ];
  const rows = await ctx.database.db
    .insert(candidates)
    .values(people.map((person) => ({ ...person, promotionId: promotion.id })))
    .returning({ id: candidates.id });
  ids = rows.map((row) => row.id);
  promotionId = promotion.id;
  await ctx.database.db.insert(candidacies).values(ids.map((candidateId) => ({ promotionId, candidateId })));
});
afterAll(() => ctx.close());

/** What the search meant before the kept text: any field, or either full name, contains the search. */
const meaning = (pattern: string): SQL =>
  sql`(${candidates.firstName} ilike ${pattern} or ${candidates.lastName} ilike ${pattern}
    or ${candidates.email} ilike ${pattern} or ${candidates.phone} ilike ${pattern}
    or ${candidates.phonePrivate} ilike ${pattern} or ${candidates.phonePro} ilike ${pattern}
    or (${candidates.firstName} || ' ' || ${candidates.lastName}) ilike ${pattern}
    or (${candidates.lastName} || ' ' || ${candidates.firstName}) ilike ${pattern})`;

const found = async (condition: SQL) =>
  (
    await ctx.database.db
      .select({ id: candidates.id })
      .from(candidates)
      .where(sql`${inArray(candidates.id, ids)} and ${condition}`)
      .orderBy(asc(candidates.id))
  ).map((row) => row.id);

const SEARCHES = [
  'du',
  'DU',
  'dupont',
  'élodie dupont',
  'dupont élodie',
  'ELODIE',
  'Élodie',
  "d'allèves",
  'jean-marc d',
  'özlem',
  'şahin özlem',
  'example.ch',
  '50%',
  'anna_',
  'a_50',
  'straße',
  '79 123',
  '0791234567',
  '555 66',
  '022',
  // Across two fields: found by neither (the kept text holds one field a line).
  'dupont elodie.dupont',
  'pont du.pont',
  'favre 079',
  // A line break in the search reads the fields themselves.
  'dupont\nelodie',
  'x',
  'zz-nobody',
];

/** The candidates whose candidacy the search finds on its own copy of their text (migration 0040), without joining them. */
const foundByCandidacy = async (pattern: string) =>
  (
    await ctx.database.db
      .select({ id: candidacies.candidateId })
      .from(candidacies)
      .where(sql`${candidacies.promotionId} = ${promotionId} and ${candidacyMatches(pattern) ?? sql`false`}`)
      .orderBy(asc(candidacies.candidateId))
  ).map((row) => row.id);

describe('the search of candidates (migration 0037)', () => {
  it.each(SEARCHES)('%j finds the candidates whose fields contain it, and no other', async (search) => {
    const pattern = containsPattern(search);
    expect(await found(candidateMatches(pattern))).toEqual(await found(meaning(pattern)));
  });

  it.each(SEARCHES.filter((search) => !search.includes('\n')))(
    '%j finds the same candidates on their candidacies, which keep a copy of the text (migration 0040)',
    async (search) => {
      const pattern = containsPattern(search);
      expect(await foundByCandidacy(pattern)).toEqual(await found(meaning(pattern)));
    },
  );

  it("leaves a search with a line break to the candidate's fields themselves", () => {
    expect(candidacyMatches(containsPattern('dupont\nelodie'))).toBeNull();
  });

  it('finds something for most of these searches (the comparison above is not between two empty lists)', async () => {
    let hits = 0;
    for (const search of SEARCHES) if ((await found(candidateMatches(containsPattern(search)))).length > 0) hits += 1;
    expect(hits).toBeGreaterThanOrEqual(18);
  });

  it('follows a candidate whose name, e-mail or phone changes', async () => {
    await ctx.database.db
      .update(candidates)
      .set({ lastName: 'Rochat', phonePro: '+41 26 111 22 33' })
      .where(sql`${candidates.id} = ${ids[5]}`);
    expect(await found(candidateMatches(containsPattern('luc rochat')))).toEqual([ids[5]]);
    expect(await found(candidateMatches(containsPattern('26 111')))).toEqual([ids[5]]);
    expect(await found(candidateMatches(containsPattern('favre')))).toEqual([]);
    // The candidacy's copy follows (migration 0040).
    expect(await foundByCandidacy(containsPattern('luc rochat'))).toEqual([ids[5]]);
    expect(await foundByCandidacy(containsPattern('26 111'))).toEqual([ids[5]]);
    expect(await foundByCandidacy(containsPattern('favre'))).toEqual([]);
  });
});
