import { type CommandAnswer, type CommandName, PIPELINE_API, type RouteSpec } from '@promovente/shared';
import { handlersOf, type RouteContext } from '../../platform/routes.js';
import { executeCommand } from '../commands/index.js';

/**
 * The direct application calls of docs/product/calls.md#direct-application-calls. Each is the same handler as its command
 * (pipeline.commands.ts), run through executeCommand: same roles, same checks, same single
 * transaction and history row. They answer { data, message }.
 */

/**
 * The route of a step: its command on the application of the path, with the body as the command's
 * fields ('none': the call takes none, whatever it sends). The handler names its command, so that
 * a test holds the route's permission to the command's roles.
 */
const step = <Name extends CommandName>(command: Name, fields: 'body' | 'none' = 'body') =>
  Object.assign(
    async ({ deps, actor, params, body, request }: RouteContext<RouteSpec> & { params: { id: number }; body: unknown }) =>
      (await executeCommand(deps, request.server.commands, actor, {
        name: command,
        entity: 'application',
        entity_id: params.id,
        additionnal_fields: fields === 'none' ? {} : (body ?? {}),
      })) as CommandAnswer<Name>,
    { command },
  );

/** The direct calls as catalogued in packages/shared/src/api/pipeline.ts, each with its step's command. */
export const PIPELINE_STEPS = {
  markApplicationComplete: step('validateReservationForm'),
  notifyApplicationIncomplete: step('unvalidateReservationForm'),
  completeApplication: step('validateReservationForm', 'none'),
  scheduleApplicationAgreement: step('scheduleAgreement'),
  planApplicationActOfPurchase: step('planActOfPurchase'),
  createApplicationActOfPurchasePlan: step('planActOfPurchase'),
  receiveApplicationReservationDeposit: step('advanceDepositReceived'),
  receiveApplicationDeposit: step('advanceDepositReceived'),
  markApplicationClientSolvent: step('ClientSolvent'),
  markApplicationClientNonSolvent: step('clientNonSolvent'),
  confirmApplicationAgreementFunds: step('agreementFundsReceived'),
  sendApplicationDraftAct: step('draftActSent'),
  signApplicationAct: step('actOfPurchaseSigned'),
  sendApplicationCallForFunds: step('callForFundsSent'),
};

export const PIPELINE_HANDLERS = handlersOf(PIPELINE_API, PIPELINE_STEPS);
