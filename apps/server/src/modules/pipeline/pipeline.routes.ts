import { type CommandName, commandRoles, idSchema } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth.js';
import { executeCommand } from '../commands/index.js';

/**
 * The direct application calls of docs/product/calls.md#direct-application-calls. Each is the same handler as its command
 * (pipeline.commands.ts), run through executeCommand: same roles, same checks, same single
 * transaction and history row. They answer { data, message }.
 */

const params = z.object({
  id: idSchema,
});
const body = z.record(z.string(), z.unknown()).nullish();

/** Method, path, command, and what the route passes as the command's fields. */
const DIRECT_ROUTES: { method: 'POST' | 'PUT'; url: string; command: CommandName; fields?: 'none' }[] = [
  { method: 'PUT', url: '/applications/:id/markAsComplete', command: 'validateReservationForm' },
  { method: 'POST', url: '/applications/sendNotificationIncomplete/:id', command: 'unvalidateReservationForm' },
  { method: 'POST', url: '/applications/complete/:id', command: 'validateReservationForm', fields: 'none' },
  { method: 'POST', url: '/applications/:id/scheduleAgreement', command: 'scheduleAgreement' },
  { method: 'POST', url: '/applications/:id/planActOfPurchase', command: 'planActOfPurchase' },
  { method: 'POST', url: '/applications/:id/createPlanActOfPurchase', command: 'planActOfPurchase' },
  { method: 'POST', url: '/applications/:id/reservation-deposit-received', command: 'advanceDepositReceived' },
  { method: 'POST', url: '/applications/:id/deposit-received', command: 'advanceDepositReceived' },
  { method: 'POST', url: '/applications/:id/client-solvent', command: 'ClientSolvent' },
  { method: 'POST', url: '/applications/:id/client-non-solvent', command: 'clientNonSolvent' },
  { method: 'POST', url: '/applications/:id/confirm-received-agreement-funds', command: 'agreementFundsReceived' },
  { method: 'POST', url: '/applications/:id/send-act', command: 'draftActSent' },
  { method: 'POST', url: '/applications/:id/sign-act', command: 'actOfPurchaseSigned' },
  { method: 'POST', url: '/applications/:id/send-call-for-funds', command: 'callForFundsSent' },
];

export const pipelineRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.deps.database.db, jobs: app.deps.jobs, config: app.deps.config, storage: app.deps.storage });

  for (const route of DIRECT_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      config: { access: commandRoles(route.command) },
      schema: { params, body },
      handler: async (request) =>
        executeCommand(deps(), app.commands, actorOf(request), {
          name: route.command,
          entity: 'application',
          entity_id: request.params.id,
          additionnal_fields: route.fields === 'none' ? {} : (request.body ?? {}),
        }),
    });
  }
};
