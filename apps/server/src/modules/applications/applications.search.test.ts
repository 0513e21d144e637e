import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, candidacies, candidates, lots } from '../../db/schema/index.js';
import { containsPattern } from '../../db/search.js';
import { createBuildingWithLots, createPromotion } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { applicationMatches } from './applications.queries.js';

/**
 * The funnel's search reads the text the database keeps on each application (migration 0041):
 * it must find exactly the applications that the contains-matches over the lot's and the
 * candidates' fields find, and follow every write that changes one of those fields.
 */
let ctx: TestContext;
let promotionId = 0;
let lotIds: number[] = [];
let candidateIds: number[] = [];
let candidacyIds: number[] = [];
let applicationIds: number[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  const promotion = await createPromotion(db, { title: 'Le Tunnel' });
  promotionId = promotion.id;
  const { lots: created } = await createBuildingWithLots(db, promotionId, [500_000, 600_000, 700_000, 800_000]);
  lotIds = created.map((lot) => lot.id);
  await db.update(lots).set({ title: 'Attique Sud 50%' }).where(eq(lots.id, lotIds[0]));
  await db.update(lots).set({ title: 'Duplex du Lac' }).where(eq(lots.id, lotIds[1]));
  const people: Omit<typeof candidates.$inferInsert, 'promotionId'>[] = [
    { firstName: 'Élodie', lastName: 'Dupont', email: 'elodie.dupont@example.ch', phone: '+41 79 123 45 67' },
    { firstName: 'Jean-Marc', lastName: "D'Allèves", email: null },
    { firstName: 'ÖZLEM', lastName: 'ŞAHİN', email: 'OZLEM@EXAMPLE.CH' },
    { firstName: 'Anna', lastName: 'Müller-Straße', email: 'anna_50%@example.ch' },
    { firstName: 'Luc', lastName: 'Favre', email: 'luc@favre.ch', phone: '0791234567' },
  ];
  candidateIds = (
    await db
      .insert(candidates)
      .values(people.map((person) => ({ ...person, promotionId })))
      .returning({ id: candidates.id })
  ).map((row) => row.id);
  candidacyIds = (
    await db
      .insert(candidacies)
      .values(candidateIds.map((candidateId) => ({ promotionId, candidateId })))
      .returning({ id: candidacies.id })
  ).map((row) => row.id);
  // Élodie with Jean-Marc as partner, Özlem alone, Anna with Luc as partner, Luc alone on the last lot.
  applicationIds = (
    await db
      .insert(applications)
      .values([
        { promotionId, lotId: lotIds[0], candidacy1Id: candidacyIds[0], candidacy2Id: candidacyIds[1] },
        { promotionId, lotId: lotIds[1], candidacy1Id: candidacyIds[2] },
        { promotionId, lotId: lotIds[2], candidacy1Id: candidacyIds[3], candidacy2Id: candidacyIds[4] },
        { promotionId, lotId: lotIds[3], candidacy1Id: candidacyIds[4] },
      ])
      .returning({ id: applications.id })
  ).map((row) => row.id);
});
afterAll(() => ctx.close());

const main = alias(candidacies, 'main_candidacy');
const mainCandidate = alias(candidates, 'main_candidate');
const partner = alias(candidacies, 'partner_candidacy');
const partnerCandidate = alias(candidates, 'partner_candidate');

/** What the search meant before the kept text: the lot's reference or title, either full name of either candidate, the main one's e-mail. */
const meaning = (pattern: string): SQL =>
  sql`(${lots.reference} ilike ${pattern} or ${lots.title} ilike ${pattern}
    or (${mainCandidate.firstName} || ' ' || ${mainCandidate.lastName}) ilike ${pattern}
    or (${mainCandidate.lastName} || ' ' || ${mainCandidate.firstName}) ilike ${pattern}
    or ${mainCandidate.email} ilike ${pattern}
    or (${partnerCandidate.firstName} || ' ' || ${partnerCandidate.lastName}) ilike ${pattern}
    or (${partnerCandidate.lastName} || ' ' || ${partnerCandidate.firstName}) ilike ${pattern})`;

/** The promotion's applications a condition finds, read through the joins the funnel's rows take. */
const found = async (condition: SQL) =>
  (
    await ctx.database.db
      .select({ id: applications.id })
      .from(applications)
      .innerJoin(lots, eq(lots.id, applications.lotId))
      .innerJoin(main, eq(main.id, applications.candidacy1Id))
      .innerJoin(mainCandidate, eq(mainCandidate.id, main.candidateId))
      .leftJoin(partner, eq(partner.id, applications.candidacy2Id))
      .leftJoin(partnerCandidate, eq(partnerCandidate.id, partner.candidateId))
      .where(and(eq(applications.promotionId, promotionId), condition))
      .orderBy(asc(applications.id))
  ).map((row) => row.id);

/** The applications the kept text finds, read from the applications alone. */
const foundAlone = async (pattern: string) =>
  (
    await ctx.database.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.promotionId, promotionId), applicationMatches(pattern)))
      .orderBy(asc(applications.id))
  ).map((row) => row.id);

const SEARCHES = [
  'du',
  'DU',
  'dupont',
  'élodie dupont',
  'dupont élodie',
  'ELODIE',
  "d'allèves",
  'jean-marc d',
  'özlem',
  'şahin özlem',
  'example.ch',
  '50%',
  'anna_',
  'a_50',
  'straße',
  'a-10',
  'A-103',
  'attique',
  'duplex du lac',
  'favre',
  'luc@favre',
  // Not searched by the funnel: a phone, the partner's e-mail.
  '079',
  'luc favre 079',
  // Across two fields: found by neither (the kept text holds one field a line).
  'a-101 attique',
  'dupont elodie.dupont',
  'x',
  'zz-nobody',
];

describe("the funnel's search on the application's kept text (migration 0041)", () => {
  it.each(SEARCHES)(
    '%j finds, on the applications alone, the applications whose lot or candidates contain it, and no other',
    async (search) => {
      const pattern = containsPattern(search);
      expect(await foundAlone(pattern)).toEqual(await found(meaning(pattern)));
    },
  );

  it('finds something for most of these searches (the comparison above is not between two empty lists)', async () => {
    let hits = 0;
    for (const search of SEARCHES) if ((await found(meaning(containsPattern(search)))).length > 0) hits += 1;
    expect(hits).toBeGreaterThanOrEqual(18);
  });

  it('a search with a line break reads the fields themselves, through the joins', async () => {
    const pattern = containsPattern('dupont\nelodie');
    expect(await found(applicationMatches(pattern))).toEqual(await found(meaning(pattern)));
  });

  it('follows the lot renamed, the candidate renamed or given another e-mail, a candidacy moved, the partner added or removed, the application moved', async () => {
    const { db } = ctx.database;
    const textOf = async (id: number) =>
      (await db.select({ text: applications.searchText }).from(applications).where(eq(applications.id, id)))[0].text;
    const expectFollowed = async () => {
      for (const search of ['zénith', 'b-999', 'pittet', 'nouvelle@exemple.ch', 'favre', 'müller', 'özlem', 'noé', 'dupont']) {
        const pattern = containsPattern(search);
        expect(await foundAlone(pattern), search).toEqual(await found(meaning(pattern)));
      }
    };
    await db.update(lots).set({ reference: 'B-999', title: 'Zénith' }).where(eq(lots.id, lotIds[0]));
    expect(await textOf(applicationIds[0])).toMatch(/^b-999\nzénith\n/);
    await db.update(candidates).set({ lastName: 'Pittet', email: 'nouvelle@exemple.ch' }).where(eq(candidates.id, candidateIds[0]));
    expect(await textOf(applicationIds[0])).toContain('élodie pittet\npittet élodie\nnouvelle@exemple.ch');
    // The partner renamed: the application he is the partner of follows.
    await db.update(candidates).set({ firstName: 'Marc' }).where(eq(candidates.id, candidateIds[1]));
    expect(await textOf(applicationIds[0])).toMatch(/\nmarc d'allèves\nd'allèves marc$/);
    await expectFollowed();
    // Özlem's candidacy moved to another candidate; Anna's partner removed; Luc's application moved to the first lot.
    const [noe] = await db
      .insert(candidates)
      .values({ promotionId, firstName: 'Noé', lastName: 'Rochat', email: 'noe@rochat.ch' })
      .returning({ id: candidates.id });
    await db.update(candidacies).set({ candidateId: noe.id }).where(eq(candidacies.id, candidacyIds[2]));
    await db.update(applications).set({ candidacy2Id: null }).where(eq(applications.id, applicationIds[2]));
    await db.update(applications).set({ lotId: lotIds[0] }).where(eq(applications.id, applicationIds[3]));
    expect(await textOf(applicationIds[1])).toContain('noé rochat\nrochat noé\nnoe@rochat.ch');
    expect(await textOf(applicationIds[2])).toMatch(/@example\.ch\n$/);
    expect(await textOf(applicationIds[3])).toMatch(/^b-999\nzénith\n/);
    await expectFollowed();
    // An application written with a text of its own keeps the one the database makes.
    await db.update(applications).set({ searchText: 'faux' }).where(eq(applications.id, applicationIds[1]));
    expect(await textOf(applicationIds[1])).toContain('noé rochat');
  });
});
