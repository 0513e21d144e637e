import { z } from 'zod';
import { type CommandName, commandAnswerOf } from '../commands.js';
import { idParamSchema } from '../contracts/common.js';
import type { Permission } from '../permissions.js';
import { defineRoutes } from './route.js';

/**
 * The fields of a step, passed to its command as `additionnal_fields` and parsed there with the
 * command's own schema (packages/shared/src/commands.ts): the same checks and French messages as
 * app/executeCommand.
 */
const stepBodySchema = z.record(z.string(), z.unknown()).nullish();

/** A direct application call: the application in the path, its command's answer `{ data, message }`. */
const step = <const Method extends 'POST' | 'PUT', const Access extends Permission, Name extends CommandName>(
  method: Method,
  path: string,
  access: Access,
  command: Name,
  summary: string,
) => ({ method, path, summary, access, params: idParamSchema, body: stepBodySchema, response: commandAnswerOf(command) });

/**
 * The direct application calls of docs/product/calls.md#direct-application-calls: each runs the
 * command of the same step (pipeline.commands.ts) through the dispatcher, with its roles, row
 * rules, single transaction and history row. The permission at the door grants the roles of the
 * command's funnel action (a test holds the two equal); the command re-checks them.
 */
export const PIPELINE_API = defineRoutes({
  markApplicationComplete: step(
    'PUT',
    '/applications/:id/markAsComplete',
    'application.runSale',
    'validateReservationForm',
    "Valider le formulaire de réservation (date de l'acompte)",
  ),
  notifyApplicationIncomplete: step(
    'POST',
    '/applications/sendNotificationIncomplete/:id',
    'application.runSale',
    'unvalidateReservationForm',
    'Signaler au candidat un formulaire de réservation incomplet',
  ),
  completeApplication: step(
    'POST',
    '/applications/complete/:id',
    'application.runSale',
    'validateReservationForm',
    'Valider le formulaire de réservation (sans champ)',
  ),
  scheduleApplicationAgreement: step(
    'POST',
    '/applications/:id/scheduleAgreement',
    'application.runSale',
    'scheduleAgreement',
    'Planifier la signature de la promesse',
  ),
  planApplicationActOfPurchase: step(
    'POST',
    '/applications/:id/planActOfPurchase',
    'application.runSale',
    'planActOfPurchase',
    "Planifier l'acte d'achat",
  ),
  createApplicationActOfPurchasePlan: step(
    'POST',
    '/applications/:id/createPlanActOfPurchase',
    'application.runSale',
    'planActOfPurchase',
    "Planifier l'acte d'achat (autre chemin)",
  ),
  receiveApplicationReservationDeposit: step(
    'POST',
    '/applications/:id/reservation-deposit-received',
    'application.recordNotaryStep',
    'advanceDepositReceived',
    "Confirmer la réception de l'acompte de réservation",
  ),
  receiveApplicationDeposit: step(
    'POST',
    '/applications/:id/deposit-received',
    'application.recordNotaryStep',
    'advanceDepositReceived',
    "Confirmer la réception de l'acompte (autre chemin)",
  ),
  markApplicationClientSolvent: step(
    'POST',
    '/applications/:id/client-solvent',
    'application.checkSolvency',
    'ClientSolvent',
    'Déclarer le client solvable',
  ),
  markApplicationClientNonSolvent: step(
    'POST',
    '/applications/:id/client-non-solvent',
    'application.checkSolvency',
    'clientNonSolvent',
    'Déclarer le client non solvable',
  ),
  confirmApplicationAgreementFunds: step(
    'POST',
    '/applications/:id/confirm-received-agreement-funds',
    'application.recordNotaryStep',
    'agreementFundsReceived',
    'Confirmer la réception des fonds de la promesse',
  ),
  sendApplicationDraftAct: step(
    'POST',
    '/applications/:id/send-act',
    'application.recordNotaryStep',
    'draftActSent',
    "Confirmer l'envoi du projet d'acte",
  ),
  signApplicationAct: step(
    'POST',
    '/applications/:id/sign-act',
    'application.runSale',
    'actOfPurchaseSigned',
    "Confirmer la signature de l'acte d'achat",
  ),
  sendApplicationCallForFunds: step(
    'POST',
    '/applications/:id/send-call-for-funds',
    'application.recordNotaryStep',
    'callForFundsSent',
    "Confirmer l'envoi de l'appel de fonds",
  ),
});
