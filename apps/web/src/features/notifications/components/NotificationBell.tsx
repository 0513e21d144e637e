import { formatDateTime } from '@promovente/shared';
import * as Popover from '@radix-ui/react-popover';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { markNotificationRead, notificationKeys, unreadNotificationsQueryOptions, useNotificationCount } from '../api/notifications';

/**
 * A notification that arrives while the screen is open (the live events ask the count again) is
 * toasted: the newest unread one's title and text. The first count, and a count that falls, say
 * nothing.
 */
const useNewNotificationToast = (count: number | undefined) => {
  const queryClient = useQueryClient();
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = count;
    if (before === undefined || count === undefined || count <= before) return;
    void queryClient.fetchQuery(unreadNotificationsQueryOptions()).then((list) => {
      const newest = list[0];
      if (newest) toast.info(newest.title, { description: newest.description || undefined });
    });
  }, [count, queryClient]);
};

/** The header's bell: unread count, and the unread list marked read one at a time. */
export const NotificationBell = ({ enabled = true }: { enabled?: boolean }) => {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [markingId, setMarkingId] = useState<number | null>(null);
  const count = useNotificationCount(enabled);
  const list = useQuery({ ...unreadNotificationsQueryOptions(), enabled: enabled && open });
  const unread = count.data ?? 0;
  useNewNotificationToast(count.data);

  const handleMarkRead = async (id: number) => {
    setMarkingId(id);
    try {
      await markNotificationRead(id);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    } catch {
      // The API client already showed the error.
    } finally {
      setMarkingId(null);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={unread > 0 ? `Notifications, ${unread} non lues` : 'Notifications'}
        className="relative inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <Badge tone="danger" className="absolute -top-0.5 -right-0.5">
            {unread > 99 ? '99+' : unread}
          </Badge>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-40 w-[min(24rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white shadow-lg"
          aria-label="Notifications non lues"
        >
          <h2 className="border-b border-slate-100 px-4 py-2.5 text-sm font-semibold text-slate-900">Notifications</h2>
          {list.isPending ? (
            <div className="flex justify-center py-6" role="status" aria-label="Chargement">
              <Spinner className="text-brand-700" />
            </div>
          ) : (list.data ?? []).length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">Aucune notification non lue.</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {(list.data ?? []).map((notification) => (
                <li key={notification.id} className="space-y-1 px-4 py-3">
                  <p className="text-sm font-medium text-slate-900">{notification.title}</p>
                  <p className="text-sm text-slate-600">{notification.description}</p>
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-xs text-slate-500">{formatDateTime(notification.created_at)}</span>
                    <Button
                      variant="ghost"
                      size="sm"
                      loading={markingId === notification.id}
                      disabled={markingId !== null}
                      onClick={() => handleMarkRead(notification.id)}
                    >
                      Marquer comme lu
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
};
