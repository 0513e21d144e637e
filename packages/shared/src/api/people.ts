import type { z } from 'zod';
import {
  architectInputSchema,
  bankerInputSchema,
  notaryInputSchema,
  type PersonType,
  personOptionSchema,
  personSearchQuerySchema,
  promoterInputSchema,
  promotionNotaryParamsSchema,
  promotionNotarySchema,
  promotionParamsSchema,
  promotionPeopleSchema,
  promotionPersonParamsSchema,
} from '../contracts/people.js';
import { dataAndMessageOf, dataOf, defineRoutes, pageOf } from './route.js';

/** The singular of each type in the summaries ('Rattacher un notaire existant'). */
const LABELS = { notary: 'notaire', broker: 'courtier', promoter: 'promoteur', banker: 'banquier', architect: 'architecte' } as const;

/** Every change answers the promotion's people, which replace the client's lists. */
const peopleAnswer = dataAndMessageOf(promotionPeopleSchema);

/** GET notaries, promoters, bankers, architects: an add-existing picker (GET brokers is the users module's). */
const pickerOf = <Kind extends string>(kind: Kind, type: PersonType) =>
  ({
    method: 'GET',
    path: `/${kind}`,
    summary: `Comptes de type ${LABELS[type]}, par nom, pour les rattacher à une promotion`,
    access: 'people.manage',
    query: personSearchQuerySchema,
    response: pageOf(personOptionSchema),
  }) as const;

/** POST promotions/{id}/add-{type}/{userId}: attaches an existing account of that type. */
const attachOf = <Type extends PersonType>(type: Type) =>
  ({
    method: 'POST',
    path: `/promotions/:id/add-${type}/:userId`,
    summary: `Rattacher un ${LABELS[type]} existant à la promotion`,
    access: 'people.manage',
    params: promotionPersonParamsSchema,
    response: peopleAnswer,
  }) as const;

/** POST promotions/{id}/remove-{type}/{userId}: detaches him (the account stays). */
const detachOf = <Type extends PersonType>(type: Type) =>
  ({
    method: 'POST',
    path: `/promotions/:id/remove-${type}/:userId`,
    summary: `Retirer un ${LABELS[type]} de la promotion`,
    access: 'people.manage',
    params: promotionPersonParamsSchema,
    response: peopleAnswer,
  }) as const;

/** POST promotions/{id}/{kind}: a new account, attached and invited by e-mail. */
const createOf = <Kind extends string, Body extends z.ZodType>(kind: Kind, type: PersonType, body: Body) =>
  ({
    method: 'POST',
    path: `/promotions/:id/${kind}`,
    summary: `Créer un ${LABELS[type]}, le rattacher à la promotion et lui envoyer son invitation`,
    access: 'people.manage',
    params: promotionParamsSchema,
    body,
    response: peopleAnswer,
  }) as const;

/**
 * The people menus of the promotion record (docs/product/promotion-administration.md#calls):
 * members read, admins change (people.manage); the promotion's row rules stay in the service.
 */
export const PEOPLE_API = defineRoutes({
  listPromotionPeople: {
    method: 'GET',
    path: '/promotions/:id/people',
    summary: 'Notaires, courtiers, promoteurs, banquiers et architectes de la promotion',
    access: 'people.read',
    cache: true,
    params: promotionParamsSchema,
    response: dataOf(promotionPeopleSchema),
  },
  listNotaryOptions: pickerOf('notaries', 'notary'),
  listPromoterOptions: pickerOf('promoters', 'promoter'),
  listBankerOptions: pickerOf('bankers', 'banker'),
  listArchitectOptions: pickerOf('architects', 'architect'),
  attachNotary: attachOf('notary'),
  attachBroker: attachOf('broker'),
  attachPromoter: attachOf('promoter'),
  attachBanker: attachOf('banker'),
  attachArchitect: attachOf('architect'),
  detachNotary: detachOf('notary'),
  detachBroker: detachOf('broker'),
  detachPromoter: detachOf('promoter'),
  detachBanker: detachOf('banker'),
  detachArchitect: detachOf('architect'),
  createNotary: createOf('notaries', 'notary', notaryInputSchema),
  createPromoter: createOf('promoters', 'promoter', promoterInputSchema),
  createBanker: createOf('bankers', 'banker', bankerInputSchema),
  createArchitect: createOf('architects', 'architect', architectInputSchema),
  updateNotary: {
    method: 'PUT',
    path: '/promotions/:id/notaries/:notaryId',
    summary: "Modifier les coordonnées d'un notaire de la promotion",
    access: 'people.manage',
    params: promotionNotaryParamsSchema,
    body: notaryInputSchema,
    response: dataAndMessageOf(promotionNotarySchema),
  },
  toggleMainNotary: {
    method: 'PUT',
    path: '/promotions/:id/update-notary-main/:notaryId',
    summary: 'Faire (ou ne plus faire) du notaire le notaire principal de la promotion',
    access: 'people.manage',
    params: promotionNotaryParamsSchema,
    response: dataAndMessageOf(promotionNotarySchema.array()),
  },
  setMainBroker: {
    method: 'PUT',
    path: '/promotions/:id/update-broker-main/:userId',
    summary: 'Définir le courtier principal de la promotion',
    access: 'people.manage',
    params: promotionPersonParamsSchema,
    response: peopleAnswer,
  },
  resendPersonInvitation: {
    method: 'POST',
    path: '/promotions/:id/people/:userId/invite',
    summary: "Renvoyer l'invitation d'une personne qui n'a pas encore choisi son mot de passe",
    access: 'people.manage',
    params: promotionPersonParamsSchema,
    response: peopleAnswer,
  },
});
