import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { applications, candidacies, candidates, comments, tasks } from '../../db/schema/index.js';
import { bearer, createAgency, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';

/** Test data for the candidacies, comments and files tests. */

let counter = 0;

export const createCandidacyRow = async (
  db: Db,
  promotionId: number,
  values: Partial<typeof candidacies.$inferInsert> & { candidate?: Partial<typeof candidates.$inferInsert> } = {},
) => {
  counter += 1;
  const { candidate: candidateValues = {}, ...candidacyValues } = values;
  const [candidate] = await db
    .insert(candidates)
    .values({ firstName: 'Claire', lastName: `Martin${counter}`, email: `claire${counter}@exemple.ch`, promotionId, ...candidateValues })
    .returning();
  const [candidacy] = await db
    .insert(candidacies)
    .values({ promotionId, candidateId: candidate.id, ...candidacyValues })
    .returning();
  return { candidate, candidacy };
};

export const addApplication = async (db: Db, values: typeof applications.$inferInsert) => {
  const [row] = await db.insert(applications).values(values).returning();
  return row;
};

export const addTask = async (db: Db, values: Partial<typeof tasks.$inferInsert> & { promotionId: number; candidacyId: number }) => {
  const [row] = await db
    .insert(tasks)
    .values({ title: 'Rappeler le client', endAt: new Date(Date.now() + 86_400_000), ...values })
    .returning();
  return row;
};

export const addComment = async (db: Db, values: typeof comments.$inferInsert) => {
  const [row] = await db.insert(comments).values(values).returning();
  return row;
};

/** Two agencies in a promotion, a broker in each, the other roles, and a second promotion. */
export const salesDesk = async (app: FastifyInstance, db: Db) => {
  const leman = await createAgency(db, 'Agence du Léman');
  const jura = await createAgency(db, 'Agence du Jura');
  const alpes = await createAgency(db, 'Agence des Alpes');
  const promotion = await createPromotion(db, { title: 'Les Hauts de Rolle', agencyIds: [leman.id, jura.id] });
  const other = await createPromotion(db, { title: 'Le Clos de Morges', agencyIds: [leman.id] });
  const member = { promotionIds: [promotion.id] };
  const broker = await createUser(db, 'broker', { ...member, agencyId: leman.id, firstName: 'Paul', lastName: 'Courtier' });
  const colleague = await createUser(db, 'broker', { ...member, agencyId: leman.id, firstName: 'Anne', lastName: 'Collègue' });
  const rival = await createUser(db, 'broker', { ...member, agencyId: jura.id, firstName: 'Luc', lastName: 'Rival' });
  const outsider = await createUser(db, 'broker', { promotionIds: [other.id], agencyId: leman.id });
  const promoter = await createUser(db, 'promoter', member);
  const notary = await createUser(db, 'notary', member);
  const banker = await createUser(db, 'banker', member);
  const architect = await createUser(db, 'architect', member);
  const { lots } = await createBuildingWithLots(db, promotion.id, [900_000, 1_250_000, 640_000]);
  const token = async (user: { email: string }) => bearer(await signIn(app, user.email));
  return { leman, jura, alpes, promotion, other, broker, colleague, rival, outsider, promoter, notary, banker, architect, lots, token };
};

/** A candidate user account for a candidacy's candidate, member of the promotion, linked to his record. */
export const candidateAccount = async (db: Db, promotionId: number, candidate: { id: number; email: string | null }) => {
  const user = await createUser(db, 'candidate', { promotionIds: [promotionId], email: candidate.email ?? undefined });
  await db.update(candidates).set({ userId: user.id }).where(eq(candidates.id, candidate.id));
  return user;
};

export const command = (
  app: FastifyInstance,
  headers: Record<string, string>,
  name: string,
  entity: string,
  entityId: number,
  fields: Record<string, unknown> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/app/executeCommand',
    headers,
    payload: { name, params: { entity, entity_id: entityId, additionnal_fields: fields } },
  });
