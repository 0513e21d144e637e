import { menuFor, profileMenuFor, routeByName, type User } from '@promovente/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, LogOut } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Avatar } from '../../components/ui/Avatar';
import { Badge } from '../../components/ui/Badge';
import { cn } from '../../components/ui/cn';
import { DemoSwitcher } from '../../features/auth/components/DemoSwitcher';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { PromotionPicker } from '../../features/promotions/components/PromotionPicker';
import { useLateTasksCount } from '../../features/tasks';
import { logout, mustChangePassword } from '../../lib/auth';
import { unreadIn, useUnreadSummary } from '../../lib/unread-summary';
import { Brand } from './Brand';

const menuItemClasses =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';

const ProfileMenu = ({ user }: { user: User }) => {
  const queryClient = useQueryClient();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Menu du profil de ${user.full_name}`}
        className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-800 hover:bg-slate-100"
      >
        <Avatar name={user.full_name} src={user.profile_picture} size="sm" />
        <span className="hidden max-w-40 truncate sm:inline">{user.full_name}</span>
        <span className="sr-only sm:hidden">{user.full_name}</span>
        <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-40 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {profileMenuFor(user).map((entry) => (
            <DropdownMenu.Item key={entry.route} asChild className={menuItemClasses}>
              <Link to={routeByName(entry.route).path}>{entry.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={menuItemClasses} onSelect={() => void logout(queryClient)}>
            <LogOut className="size-4" aria-hidden="true" />
            Déconnexion
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};

/** A count on a menu entry: unread messages, late tasks. */
const MenuCount = ({ count, label }: { count: number | undefined; label: string }) =>
  count !== undefined && count > 0 ? (
    <Badge tone="danger">
      <span className="sr-only">{label} : </span>
      {count}
    </Badge>
  ) : null;

/** The header of docs/product/layout.md#header-menu. */
export const Header = ({ user }: { user: User }) => {
  const locked = mustChangePassword(user);
  const menu = locked ? [] : menuFor(user);
  const lateTasks = useLateTasksCount(
    user,
    user.preferences.selected_promotion,
    menu.some((entry) => entry.route === 'tasks'),
  );
  // The current promotion's unread messages, what the Messages screen lists (docs/product/messages.md#screens).
  const unread = useUnreadSummary(!locked);
  const unreadHere = unread.data ? unreadIn(unread.data, user.preferences.selected_promotion) : user.promotion?.unread_messages;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <Brand />
        {!locked && (
          <nav aria-label="Menu principal" className="relative order-last -mx-1 w-full overflow-x-auto">
            <ul className="flex items-center gap-1 whitespace-nowrap">
              {menu.map((entry) => (
                <li key={entry.route}>
                  <NavLink
                    to={routeByName(entry.route).path}
                    className={({ isActive }) =>
                      cn(
                        'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm',
                        isActive ? 'bg-brand-50 font-medium text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                      )
                    }
                  >
                    {entry.label}
                    {entry.route === 'message' && <MenuCount count={unreadHere} label="non lus" />}
                    {entry.route === 'tasks' && <MenuCount count={lateTasks.data} label="en retard" />}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <DemoSwitcher current={user.type} />
          {!locked && <PromotionPicker user={user} />}
          <NotificationBell enabled={!locked} />
          <ProfileMenu user={user} />
        </div>
      </div>
    </header>
  );
};
