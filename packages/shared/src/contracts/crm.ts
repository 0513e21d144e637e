import { z } from 'zod';
import { formatDateTime } from '../swiss-time.js';
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

/** waiting: Salesforce's daily API limit is reached; the send resumes by itself at `resume_at`. */
export const CRM_SEND_STATUSES = ['queued', 'running', 'waiting', 'succeeded', 'failed'] as const;
export type CrmSendStatus = (typeof CRM_SEND_STATUSES)[number];

/** A send still under way: the button stays disabled with its loader. */
export const isCrmSendRunning = (status: CrmSendStatus | null | undefined): boolean =>
  status === 'queued' || status === 'running' || status === 'waiting';

/** A record Salesforce refused in a send that went through ('le lot A-102' and Salesforce's reason). */
export const crmRefusedRecordSchema = z.object({ record: z.string(), error: z.string() });
export type CrmRefusedRecord = z.infer<typeof crmRefusedRecordSchema>;

export const crmSendSchema = z.object({
  id: z.number(),
  status: z.enum(CRM_SEND_STATUSES),
  /** Why the send failed, in French (shown after CRM_MESSAGES.sendFailed). */
  error: z.string().nullable(),
  /** The lots and candidacies Salesforce accepted. */
  lots_sent: z.number(),
  candidacies_sent: z.number(),
  /** The records Salesforce refused one by one; the others were sent. */
  refused: z.array(crmRefusedRecordSchema),
  /** A waiting send's next attempt, an ISO instant. */
  resume_at: z.string().nullable(),
  requested_at: z.string(),
  finished_at: z.string().nullable(),
});
export type CrmSend = z.infer<typeof crmSendSchema>;

export const crmStateSchema = z.object({
  /** The server has the Salesforce configuration (SALESFORCE_* variables). */
  configured: z.boolean(),
  /** The promotion is sent to the CRM (an admin's setting). */
  connected: z.boolean(),
  /** The last successful send (promotions.crm_updated_at), an ISO instant. */
  crm_updated_at: z.string().nullable(),
  /** The latest send, whatever its outcome. */
  last_send: crmSendSchema.nullable(),
});
export type CrmState = z.infer<typeof crmStateSchema>;

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
  limitStillReached:
    "La limite quotidienne d'appels à Salesforce de votre organisation est toujours atteinte après 24 heures : veuillez relancer l'envoi plus tard.",
} as const;

/** A send held back by the org's daily API limit (not the promotion's fault): when it resumes, in Swiss time. */
export const crmWaitingMessage = (resumeAt: string | Date | null): string =>
  `La limite quotidienne d'appels à Salesforce de votre organisation est atteinte : l'envoi reprendra automatiquement${resumeAt ? ` le ${formatDateTime(resumeAt)}` : ''}.`;

/** The toast and the heading of a send that went through with records refused. */
export const crmRefusedMessage = (count: number): string =>
  `Promotion envoyée, mais Salesforce a refusé ${count} ${count < 2 ? 'enregistrement' : 'enregistrements'} :`;

/** The toast of a failed send: the spec's sentence followed by the error. */
export const crmFailureMessage = (error: string | null): string =>
  error ? `${CRM_MESSAGES.sendFailed} : ${error}` : CRM_MESSAGES.sendFailed;
