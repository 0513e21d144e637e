import {
  CRM_MESSAGES,
  type CrmState,
  crmFailureMessage,
  crmRefusedMessage,
  crmWaitingMessage,
  formatDateTimeSeconds,
  isCrmSendRunning,
} from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Field';
import { useFollowedValue } from '../../../lib/use-followed-value';
import { crmQueryKey, sendToCrm, setCrmConnected, useCrmState } from '../api/crm';

/** The last send as the spec shows it: dd/MM/yyyy HH:mm:ss in Swiss time, or 'Pas encore sur Salesforce'. */
export const lastSendText = (crmUpdatedAt: string | null) => (crmUpdatedAt ? formatDateTimeSeconds(crmUpdatedAt) : CRM_MESSAGES.neverSent);

/**
 * The CRM send of the promotion record's 'Informations' menu (docs/product/promotion-administration.md#crm-send):
 * for a connected promotion, the button (disabled with its loader while the send runs, polled),
 * the last send, the toast of its outcome, the records Salesforce refused and, while the org's
 * daily API limit holds the send back, when it resumes; for admins, the 'Promotion connectée au CRM'
 * setting (docs/decisions/011-crm-connection-per-promotion.md).
 */
export const CrmSendBlock = ({ promotionId, admin }: { promotionId: number; admin: boolean }) => {
  const queryClient = useQueryClient();
  const crm = useCrmState(promotionId);
  const [requesting, setRequesting] = useState(false);
  const [toggling, setToggling] = useState(false);
  /** The send this screen started: its outcome is toasted once, when the poll sees it end. */
  const awaited = useRef<number | null>(null);
  const state = crm.data;
  const send = state?.last_send ?? null;

  useEffect(() => {
    if (!send || awaited.current !== send.id || isCrmSendRunning(send.status)) return;
    awaited.current = null;
    if (send.status === 'succeeded' && send.refused.length > 0) toast.warning(crmRefusedMessage(send.refused.length));
    else if (send.status === 'succeeded') toast.success(CRM_MESSAGES.sent);
    else toast.error(crmFailureMessage(send.error));
  }, [send]);

  const [connected, setConnected] = useFollowedValue(state?.connected ?? false);

  const store = (next: CrmState) => queryClient.setQueryData(crmQueryKey(promotionId), next);

  const start = async () => {
    setRequesting(true);
    try {
      const next = await sendToCrm(promotionId);
      awaited.current = next.last_send?.id ?? null;
      store(next);
    } catch {
      // The API client already showed the server's message.
    } finally {
      setRequesting(false);
    }
  };

  const toggle = async (connected: boolean) => {
    if (!state) return;
    // The box follows the click at once; a refused change puts it back.
    setConnected(connected);
    store({ ...state, connected });
    setToggling(true);
    try {
      store(await setCrmConnected(promotionId, connected));
    } catch {
      // The API client already showed the server's message.
      setConnected(state.connected);
      store(state);
    } finally {
      setToggling(false);
    }
  };

  if (!state) return null;
  const running = requesting || isCrmSendRunning(send?.status);
  if (!state.connected && !admin) return null;

  return (
    <section aria-labelledby="crm-send-title" className="space-y-3 rounded-md border border-slate-200 p-4">
      <h2 id="crm-send-title" className="text-base font-semibold text-slate-900">
        CRM
      </h2>
      {admin && (
        <Checkbox
          label={CRM_MESSAGES.connectedToggle}
          checked={connected}
          disabled={toggling}
          onChange={(event) => void toggle(event.target.checked)}
        />
      )}
      {state.connected && (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => void start()} loading={running} disabled={!state.configured}>
            {CRM_MESSAGES.button}
          </Button>
          <p className="text-sm text-slate-600">
            Dernier envoi : <span data-testid="crm-last-send">{lastSendText(state.crm_updated_at)}</span>
          </p>
        </div>
      )}
      {state.connected && !state.configured && <p className="text-sm text-slate-600">{CRM_MESSAGES.notConfigured}</p>}
      {state.connected && !running && send?.status === 'failed' && <p className="text-sm text-red-700">{crmFailureMessage(send.error)}</p>}
      {state.connected && send?.status === 'waiting' && (
        <p role="status" className="text-sm text-amber-800">
          {crmWaitingMessage(send.resume_at)}
        </p>
      )}
      {state.connected && !running && send?.status === 'succeeded' && send.refused.length > 0 && (
        <div className="text-sm text-amber-800">
          <p>{crmRefusedMessage(send.refused.length)}</p>
          <ul className="ml-5 list-disc">
            {send.refused.map((refused) => (
              <li key={refused.record}>
                {refused.record} : {refused.error}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
};
