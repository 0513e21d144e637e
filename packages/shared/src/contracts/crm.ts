import { z } from 'zod';
import { idSchema } from './common.js';

/**
 * The CRM send of the promotion record's Informations menu (docs/product/promotion-administration.md#crm-send,
 * docs/sales-process.md#crm-send-built):
 *
 *   GET /promotions/{id}/crm            broker member            CrmState (the button's poll)
 *   PUT /promotions/{id}/send-to-crm    broker member            CrmState (the send queued)
 *   PUT /promotions/{id}/crm            admin                    CrmState ({ crm_connected })
 *
 * The send runs as a job: the screen polls the state until the send has ended.
 */

export const crmParamsSchema = z.object({ id: idSchema });

export const crmConnectionSchema = z.object({ crm_connected: z.boolean({ error: 'Indiquez si la promotion est connectée au CRM' }) });
export type CrmConnectionInput = z.infer<typeof crmConnectionSchema>;

export const CRM_SEND_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type CrmSendStatus = (typeof CRM_SEND_STATUSES)[number];

/** A send still under way: the button stays disabled with its loader. */
export const isCrmSendRunning = (status: CrmSendStatus | null | undefined): boolean => status === 'queued' || status === 'running';

export type CrmSend = {
  id: number;
  status: CrmSendStatus;
  /** Why the send failed, in French (shown after CRM_MESSAGES.sendFailed). */
  error: string | null;
  lots_sent: number;
  candidacies_sent: number;
  requested_at: string;
  finished_at: string | null;
};

export type CrmState = {
  /** The server has the Salesforce configuration (SALESFORCE_* variables). */
  configured: boolean;
  /** The promotion is sent to the CRM (an admin's setting). */
  connected: boolean;
  /** The last successful send (promotions.crm_updated_at), an ISO instant. */
  crm_updated_at: string | null;
  /** The latest send, whatever its outcome. */
  last_send: CrmSend | null;
};

/** The texts of the CRM send, to the letter of docs/product/promotion-administration.md#crm-send. */
export const CRM_MESSAGES = {
  button: 'Envoyer vers Salesforce',
  neverSent: 'Pas encore sur Salesforce',
  sent: 'Promotion bien envoyée',
  sendFailed: "Impossible d'envoyer la promotion à Salesforce",
  connectedToggle: 'Promotion connectée au CRM',
  notConfigured: "Le CRM n'est pas configuré : l'envoi vers Salesforce n'est pas disponible sur ce serveur.",
  notConnected: "Cette promotion n'est pas connectée au CRM.",
  alreadyRunning: 'Un envoi vers Salesforce est déjà en cours pour cette promotion.',
  abandoned: "L'envoi n'a pas abouti dans le délai prévu, veuillez le relancer.",
} as const;

/** The toast of a failed send: the spec's sentence followed by the error. */
export const crmFailureMessage = (error: string | null): string =>
  error ? `${CRM_MESSAGES.sendFailed} : ${error}` : CRM_MESSAGES.sendFailed;
