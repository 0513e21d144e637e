import { type MenuEntry, menuFor, profileMenuFor, routeByName, type User } from '@promovente/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, LogOut, Menu, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
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

type MainMenuProps = {
  menu: MenuEntry[];
  unread: number | undefined;
  lateTasks: number | undefined;
};

/**
 * The header menu (docs/product/layout.md#header-menu): one row of links from 1024 px; narrower
 * (a phone, a tablet), a 'Menu' button that opens the whole list under the header, so that every
 * entry, Messages and FAQ included, is one tap away. A link, Escape or a tap elsewhere closes it.
 */
const MainMenu = ({ menu, unread, lateTasks }: MainMenuProps) => {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggleRef.current?.focus();
  };
  const pending = (unread ?? 0) + (lateTasks ?? 0) > 0;
  return (
    <nav
      ref={navRef}
      aria-label="Menu principal"
      onKeyDown={handleKeyDown}
      className="max-lg:ml-auto print:hidden lg:relative lg:order-last lg:-mx-1 lg:w-full lg:overflow-x-auto"
    >
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="relative inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 lg:hidden"
      >
        {open ? <X className="size-4" aria-hidden="true" /> : <Menu className="size-4" aria-hidden="true" />}
        Menu
        {/* Unread messages or late tasks wait behind the closed menu: a dot says so, the entries say how many. */}
        {pending && !open && <span className="absolute -top-1 -right-1 size-2.5 rounded-full bg-red-600" aria-hidden="true" />}
      </button>
      <ul
        id={listId}
        className={cn(
          'lg:flex lg:items-center lg:gap-1 lg:whitespace-nowrap',
          open
            ? 'max-lg:absolute max-lg:inset-x-0 max-lg:top-full max-lg:z-30 max-lg:grid max-lg:grid-cols-2 max-lg:gap-1 max-lg:border-b max-lg:border-slate-200 max-lg:bg-white max-lg:p-2 max-lg:shadow-lg'
            : 'max-lg:hidden',
        )}
      >
        {menu.map((entry) => (
          <li key={entry.route}>
            <NavLink
              to={routeByName(entry.route).path}
              onClick={() => setOpen(false)}
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm max-lg:w-full max-lg:py-2.5',
                  isActive ? 'bg-brand-50 font-medium text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                )
              }
            >
              {entry.label}
              {entry.route === 'message' && <MenuCount count={unread} label="non lus" />}
              {entry.route === 'tasks' && <MenuCount count={lateTasks} label="en retard" />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
};

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
    <header className="relative border-b border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <Brand />
        {!locked && <MainMenu menu={menu} unread={unreadHere} lateTasks={lateTasks.data} />}
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
