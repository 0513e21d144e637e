import type { UserType } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { agencies, buildings, lots, promotionAgencies, promotions, promotionUsers, users } from '../db/schema/index.js';
import { hashPassword } from '../platform/passwords.js';

export const PASSWORD = 'motdepasse-2026';
let passwordHash: Promise<string> | undefined;
const hashed = () => {
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
};

export const createAgency = async (db: Db, name = 'Agence du Léman', id?: number) => {
  const [agency] = await db
    .insert(agencies)
    .values({ name, ...(id ? { id } : {}) })
    .returning();
  return agency;
};

export const createPromotion = async (db: Db, values: Partial<typeof promotions.$inferInsert> & { agencyIds?: number[] } = {}) => {
  const { agencyIds = [], ...rest } = values;
  const [promotion] = await db
    .insert(promotions)
    .values({ title: 'Les Hauts de Rolle', ...rest })
    .returning();
  if (agencyIds.length > 0) {
    await db.insert(promotionAgencies).values(agencyIds.map((agencyId) => ({ promotionId: promotion.id, agencyId })));
  }
  return promotion;
};

let userCounter = 0;
export const createUser = async (db: Db, type: UserType, values: Partial<typeof users.$inferInsert> & { promotionIds?: number[] } = {}) => {
  userCounter += 1;
  const { promotionIds = [], ...rest } = values;
  const [user] = await db
    .insert(users)
    .values({
      type,
      email: `${type}${userCounter}@test.ch`,
      firstName: 'Jean',
      lastName: `Dupont${userCounter}`,
      passwordHash: await hashed(),
      numberConnections: 1,
      ...rest,
    })
    .returning();
  if (promotionIds.length > 0) {
    await db.insert(promotionUsers).values(promotionIds.map((promotionId) => ({ promotionId, userId: user.id })));
  }
  return user;
};

export const createBuildingWithLots = async (db: Db, promotionId: number, prices: number[]) => {
  const [building] = await db.insert(buildings).values({ promotionId, title: 'Bâtiment A', city: 'Rolle' }).returning();
  const rows = await db
    .insert(lots)
    .values(
      prices.map((rawPrice, index) => ({
        promotionId,
        buildingId: building.id,
        lotTypeId: 5,
        floorId: (index % 3) + 1,
        reference: `A-${101 + index}`,
        nbRooms: 2.5 + (index % 3),
        rawPrice,
      })),
    )
    .returning();
  return { building, lots: rows };
};

export const signIn = async (app: FastifyInstance, email: string, password = PASSWORD) => {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${response.body}`);
  return response.json().token as string;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
