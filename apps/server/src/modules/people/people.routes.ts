import {
  type CreatableKind,
  MESSAGES,
  PEOPLE_API,
  PEOPLE_MESSAGES,
  type PersonInput,
  type PersonSearchQuery,
  type PersonType,
} from '@promovente/shared';
import { passwordResets, promotions, promotionUsers, users } from '../../db/schema/index.js';
import { assertMemberOf } from '../../platform/access.js';
import { readsOf } from '../../platform/answer-reads.js';
import type { RequestActor } from '../../platform/auth.js';
import { handlersOf, type RouteDeps } from '../../platform/routes.js';
import {
  attachPerson,
  createPerson,
  detachPerson,
  listPeople,
  listPersonOptions,
  resendInvitation,
  setMainBroker,
  toggleMainNotary,
  updateNotary,
} from './people.service.js';

type Ctx<Params> = { deps: RouteDeps; actor: RequestActor; params: Params };
type PersonParams = { id: number; userId: number };

/** An add-existing picker: `promotion` (the people to leave out) is one the admin is a member of. */
const picker =
  (type: PersonType) =>
  async ({ deps, actor, query }: { deps: RouteDeps; actor: RequestActor; query: PersonSearchQuery }) => {
    if (query.promotion !== undefined) await assertMemberOf(deps.db, actor, query.promotion);
    return listPersonOptions(deps.db, type, query);
  };

const attach =
  (type: PersonType) =>
  async ({ deps, actor, params }: Ctx<PersonParams>) => ({
    message: PEOPLE_MESSAGES.added,
    data: await attachPerson(deps, actor, params.id, type, params.userId),
  });

const detach =
  (type: PersonType) =>
  async ({ deps, actor, params }: Ctx<PersonParams>) => ({
    message: PEOPLE_MESSAGES.removed,
    data: await detachPerson(deps, actor, params.id, type, params.userId),
  });

const create =
  (kind: CreatableKind) =>
  async ({ deps, actor, params, body }: Ctx<{ id: number }> & { body: PersonInput }) => ({
    message: PEOPLE_MESSAGES.invitationSent,
    data: await createPerson(deps, actor, params.id, kind, body),
  });

/**
 * The people menus of the promotion record (docs/product/promotion-administration.md#calls), as
 * catalogued in packages/shared/src/api/people.ts: members read, admins change (people.manage).
 */
export const PEOPLE_HANDLERS = handlersOf(PEOPLE_API, {
  listPromotionPeople: async ({ deps, actor, params }) => ({ data: await listPeople(deps.db, actor, params.id) }),
  listNotaryOptions: picker('notary'),
  listPromoterOptions: picker('promoter'),
  listBankerOptions: picker('banker'),
  listArchitectOptions: picker('architect'),
  attachNotary: attach('notary'),
  attachBroker: attach('broker'),
  attachPromoter: attach('promoter'),
  attachBanker: attach('banker'),
  attachArchitect: attach('architect'),
  detachNotary: detach('notary'),
  detachBroker: detach('broker'),
  detachPromoter: detach('promoter'),
  detachBanker: detach('banker'),
  detachArchitect: detach('architect'),
  createNotary: create('notaries'),
  createPromoter: create('promoters'),
  createBanker: create('bankers'),
  createArchitect: create('architects'),
  updateNotary: async ({ deps, actor, params, body }) => ({
    message: MESSAGES.changesSaved,
    data: await updateNotary(deps, actor, params.id, params.notaryId, body),
  }),
  toggleMainNotary: async ({ deps, actor, params }) => ({ data: await toggleMainNotary(deps, actor, params.id, params.notaryId) }),
  setMainBroker: async ({ deps, actor, params }) => ({
    message: PEOPLE_MESSAGES.mainBrokerSet,
    data: await setMainBroker(deps, actor, params.id, params.userId),
  }),
  resendPersonInvitation: async ({ deps, actor, params }) => ({
    message: PEOPLE_MESSAGES.invitationSent,
    data: await resendInvitation(deps, actor, params.id, params.userId),
  }),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const PEOPLE_READS = readsOf(PEOPLE_API, {
  listPromotionPeople: [passwordResets, promotions, promotionUsers, users],
});
