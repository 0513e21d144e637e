import { CRM_API } from '@promovente/shared';
import { handlersOf, type RouteDeps } from '../../platform/routes.js';
import { getCrmState, requestCrmSend, setCrmConnected } from './crm.service.js';
import { salesforceSettingsOf } from './salesforce.js';

const configured = (deps: RouteDeps) => salesforceSettingsOf(deps.config) !== null;

/**
 * The CRM send of the Informations menu (docs/product/promotion-administration.md#crm-send,
 * docs/sales-process.md#crm-send-built), as catalogued in packages/shared/src/api/crm.ts.
 */
export const CRM_HANDLERS = handlersOf(CRM_API, {
  getCrmState: async ({ deps, actor, params }) => getCrmState(deps.db, actor, params.id, configured(deps)),
  sendToCrm: async ({ deps, actor, params }) => requestCrmSend(deps, actor, params.id, configured(deps)),
  setCrmConnection: async ({ deps, params, body }) => setCrmConnected(deps.db, params.id, body.crm_connected, configured(deps)),
});
