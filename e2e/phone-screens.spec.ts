import type { Page } from '@playwright/test';
import {
  type Actor,
  type MenuEntry,
  menuFor,
  type PlanningTask,
  profileMenuFor,
  DEMO_ACCOUNTS as ROLE_ACCOUNTS,
  type RouteName,
  routeByName,
  type User,
  type UserType,
} from '@promovente/shared';
import { DEMO_ACCOUNTS, expect, signIn, test } from './support/fixtures.js';
import { checkScreen, PHONE } from './support/screen-checks.js';

/**
 * Every screen of every role works on a 390 px phone (issue 18, item 19): the screens come from
 * the shared route table's menus (`menuFor`, `profileMenuFor`), so a new menu entry is checked
 * without a word here. Each role signs in once and reaches each screen from the header on the
 * phone, as a user would.
 */

type Account = {
  role: string;
  email: string;
  actor: Pick<Actor, 'type' | 'admin' | 'restricted_access'>;
  /** The admin broker's header menu is the broker's: only his profile menu is his own. */
  profileOnly?: true;
};

/**
 * The demo accounts of README, one per role, then the admin broker (his profile menu adds
 * 'Ajouter une promotion' and the editable promotion settings). The light investor's menu is the
 * investor's without two entries: nothing of his own to check.
 */
const ACCOUNTS: Account[] = [
  ...(Object.entries(ROLE_ACCOUNTS) as [UserType, string][]).map(([type, email]) => ({
    role: type,
    email,
    actor: { type, admin: false, restricted_access: 0 },
  })),
  { role: 'admin broker', email: DEMO_ACCOUNTS.admin, actor: { type: 'broker', admin: true, restricted_access: 0 }, profileOnly: true },
];

/** The screens of an account's header and profile menus. */
const screensOf = ({ actor, profileOnly }: Account) => ({
  header: profileOnly ? [] : menuFor(actor),
  profile: profileMenuFor(actor),
});

/** A GET of the API with the browser's session (its token cookie), as the app asks it. */
const apiGet = <T>(page: Page, path: string) =>
  page.evaluate(async (path) => {
    const token = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((part) => part.startsWith('token='))
        ?.slice('token='.length) ?? '',
    );
    const answer = await fetch(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!answer.ok) throw new Error(`GET ${path}: ${answer.status}`);
    return answer.json();
  }, path) as Promise<T>;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A menu entry's link: its label, then maybe a count ('Messages non lus : 2'). */
const entryName = (entry: MenuEntry) => new RegExp(`^${escaped(entry.label)}(\\s|$)`);

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Opens a header menu entry on the phone: the 'Menu' button, then the entry. */
const openFromMenu = async (page: Page, entry: MenuEntry) => {
  const toggle = mainMenu(page).getByRole('button', { name: 'Menu', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const link = mainMenu(page).getByRole('link', { name: entryName(entry) });
  await expect(link).toBeInViewport({ ratio: 1 });
  await link.click();
};

const openFromProfile = async (page: Page, entry: MenuEntry) => {
  await page.getByRole('button', { name: /^Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: entry.label, exact: true }).click();
};

/**
 * The header on a phone: a 'Menu' button, closed at first, opens the whole list under the
 * header, every entry (Messages and FAQ included) wholly on screen; Escape closes it and gives
 * the focus back to the button.
 */
const checkPhoneMenu = async (page: Page, entries: MenuEntry[]) => {
  const toggle = mainMenu(page).getByRole('button', { name: 'Menu', exact: true });
  await expect(toggle).toBeInViewport({ ratio: 1 });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(mainMenu(page).getByRole('link')).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(mainMenu(page).getByRole('link')).toHaveCount(entries.length);
  for (const entry of entries) {
    await expect(mainMenu(page).getByRole('link', { name: entryName(entry) }), entry.label).toBeInViewport({ ratio: 1 });
  }
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
};

/** What a screen must show on a phone beyond fitting it (issue 18, item 19). */
const PHONE_CHECKS: Partial<Record<RouteName, (page: Page, user: User) => Promise<void>>> = {
  // One card per task: no table whose columns could overlap; each card within the screen.
  tasks: async (page) => {
    await expect(page.getByRole('main').getByRole('table')).toHaveCount(0);
    const cards = page.getByRole('main').getByRole('listitem');
    expect(await cards.count(), 'task cards').toBeGreaterThan(0);
    for (const card of await cards.all()) {
      const box = await card.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, 'a task card within the screen').toBe(true);
    }
  },
  // Every task keeps its whole title, a multi-day one as well as a one-day one.
  planning: async (page, user) => {
    const { data: tasks } = await apiGet<{ data: PlanningTask[] }>(page, `planning?promotion_id=${user.preferences.selected_promotion}`);
    expect(tasks.filter((task) => task.dateFrom !== task.dateTo).length, 'multi-day tasks in the demo').toBeGreaterThan(0);
    const list = page.getByRole('list', { name: 'Tâches du planning' });
    for (const task of tasks) {
      const title = list.getByText(task.title, { exact: true });
      await expect(title, task.title).toBeVisible();
      const shown = await title.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const row = (element.closest('li') as HTMLElement).getBoundingClientRect();
        const whole = element.scrollWidth <= element.clientWidth + 1 && element.scrollHeight <= element.clientHeight + 1;
        const inRow = box.top >= row.top - 1 && box.bottom <= row.bottom + 1 && box.left >= 0 && box.right <= window.innerWidth;
        return whole && inRow;
      });
      expect(shown, `${task.title}: its whole title within its row`).toBe(true);
    }
  },
  // The price among the first columns: on screen without scrolling the table.
  'candidate-lots': async (page) => {
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Prix', exact: true })).toBeInViewport({ ratio: 1 });
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toContainText('CHF');
  },
  lots: async (page) => {
    await expect(page.getByRole('table').getByRole('columnheader', { name: 'Prix', exact: true })).toBeInViewport({ ratio: 1 });
  },
};

/** The screen is drawn: its path, its main heading, its data loaded (no request in flight, no spinner). */
const screenLoaded = async (page: Page, entry: MenuEntry) => {
  const path = routeByName(entry.route).path;
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .animate-spin')).toHaveCount(0);
};

// Each check stands alone: the two workers share them (e2e/support/stacks.ts), the longest file of the suite.
test.describe.configure({ mode: 'parallel' });

test.describe('every screen of every role fits a 390 px phone (issue 18, item 19)', () => {
  for (const account of ACCOUNTS) {
    const { role, email, actor } = account;
    const { header, profile } = screensOf(account);
    const names = [...header, ...profile].map((entry) => entry.label).join(', ');
    test(`the ${role} (${email}) reaches ${names} from the phone's menu, each without sideways scroll, overlap, cut controls or serious axe finding`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(PHONE);
      await signIn(page, email);
      await expect(page).not.toHaveURL(/\/login/);
      // The account is the one declared, so its menus are the ones checked.
      const { data: user } = await apiGet<{ data: User }>(page, 'user');
      expect({ type: user.type, admin: user.admin, restricted_access: user.restricted_access > 0 ? 1 : 0 }).toEqual(actor);
      if (header.length > 0) await checkPhoneMenu(page, header);

      for (const entry of header) {
        await openFromMenu(page, entry);
        await screenLoaded(page, entry);
        await checkScreen(page, `${role}, ${entry.label}`, { phone: true });
        await PHONE_CHECKS[entry.route]?.(page, user);
      }
      for (const entry of profile) {
        await openFromProfile(page, entry);
        await screenLoaded(page, entry);
        await checkScreen(page, `${role}, ${entry.label}`, { phone: true });
      }
    });
  }
});
