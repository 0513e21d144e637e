import { USER_TYPES, type UserType } from '@promovente/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAgency, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

/**
 * Who may list the promotion's brokers, investors and pilots, and the exact fields each role
 * receives from those lists, from the filter bar's broker picker and from GET user (issue 8,
 * defect 9). The lists are written out here: a new field fails this file until it is added
 * to the right role on purpose.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const keys = (value: unknown) => Object.keys(value as object).sort();

const NAME = ['full_name', 'id', 'profile_picture'];
const CONTACT = ['agency_id', 'email', 'full_name', 'id', 'profile_picture'];

type Principal = UserType | 'lightInvestor';

/** What each principal receives from each list: the fields of every member, or the refusal. */
const EXPECTED: Record<'brokers' | 'investors' | 'pilots', Record<Principal, string[] | 403>> = {
  // The broker picker (candidates, funnel, tasks), the notary's recipients, the brokers' assignees and assistants.
  brokers: {
    broker: CONTACT,
    promoter: NAME,
    banker: NAME,
    architect: NAME,
    notary: NAME,
    candidate: 403,
    pilot: 403,
    investor: 403,
    lightInvestor: 403,
  },
  // A pilot writes to an investor; an investor to a pilot (docs/product/access.md#who-may-do-what).
  investors: {
    broker: 403,
    promoter: 403,
    banker: 403,
    architect: 403,
    notary: 403,
    candidate: 403,
    pilot: NAME,
    investor: 403,
    lightInvestor: 403,
  },
  pilots: {
    broker: 403,
    promoter: 403,
    banker: 403,
    architect: 403,
    notary: 403,
    candidate: 403,
    pilot: 403,
    investor: NAME,
    lightInvestor: NAME,
  },
};

/** Which principals see the filter bar's broker picker filled. */
const FILTER_BROKERS: Record<Principal, string[] | 'empty'> = {
  broker: NAME,
  promoter: NAME,
  banker: NAME,
  architect: NAME,
  notary: NAME,
  candidate: 'empty',
  pilot: 'empty',
  investor: 'empty',
  lightInvestor: 'empty',
};

const USER_FIELDS = [
  'admin',
  'agency',
  'assistants',
  'email',
  'email_notifications',
  'first_name',
  'full_name',
  'id',
  'is_demo',
  'last_name',
  'number_connections',
  'preferences',
  'profile_picture',
  'promotion',
  'promotions_count',
  'restricted_access',
  'type',
  'unread_messages_count',
];

/** One member of every type (and a light investor) in a promotion, with a colleague of each listed type. */
const scene = async () => {
  const db = ctx.database.db;
  const agency = await createAgency(db, 'Agence du Léman');
  const promotion = await createPromotion(db, { agencyIds: [agency.id] });
  const member = { promotionIds: [promotion.id] };
  const principals = {} as Record<Principal, { email: string }>;
  for (const type of USER_TYPES) {
    principals[type] = await createUser(db, type, { ...member, ...(type === 'broker' ? { agencyId: agency.id } : {}) });
  }
  principals.lightInvestor = await createUser(db, 'investor', { ...member, restrictedAccess: 1 });
  const tokens = {} as Record<Principal, Record<string, string>>;
  for (const [principal, user] of Object.entries(principals) as [Principal, { email: string }][]) {
    tokens[principal] = bearer(await signIn(ctx.app, user.email));
  }
  return { tokens };
};

const get = async (url: string, headers: Record<string, string>) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() };
};

describe('member lists by audience (issue 8, defect 9)', () => {
  it('GET brokers, investors, pilots: who may list whom, and the fields of each member', async () => {
    const { tokens } = await scene();
    for (const [list, byPrincipal] of Object.entries(EXPECTED)) {
      for (const [principal, expected] of Object.entries(byPrincipal) as [Principal, string[] | 403][]) {
        const { status, body } = await get(`/api/${list}`, tokens[principal]);
        if (expected === 403) {
          expect(status, `${principal} ${list}`).toBe(403);
          expect(body).toEqual({ message: 'Accès refusé' });
        } else {
          expect(status, `${principal} ${list}`).toBe(200);
          expect(body.data.length, `${principal} ${list}`).toBeGreaterThan(0);
          for (const item of body.data) expect(keys(item), `${principal} ${list}`).toEqual(expected);
        }
      }
    }
  });

  it("GET app/filters: the broker picker's names only for the roles whose screens show it", async () => {
    const { tokens } = await scene();
    for (const [principal, expected] of Object.entries(FILTER_BROKERS) as [Principal, string[] | 'empty'][]) {
      const { status, body } = await get('/api/app/filters', tokens[principal]);
      expect(status, principal).toBe(200);
      if (expected === 'empty') {
        expect(body.data.brokers, principal).toEqual([]);
      } else {
        expect(body.data.brokers, principal).toHaveLength(1);
        expect(keys(body.data.brokers[0]), principal).toEqual(expected);
      }
    }
  });

  it('GET user: every role receives the same fields of his own account', async () => {
    const { tokens } = await scene();
    for (const [principal, headers] of Object.entries(tokens)) {
      const { status, body } = await get('/api/user', headers);
      expect(status, principal).toBe(200);
      expect(keys(body.data), principal).toEqual(USER_FIELDS);
    }
  });
});
