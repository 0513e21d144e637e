import type { APIRequestContext, Page } from '@playwright/test';
import {
  type CandidaciesPage,
  type LogsPage,
  type LotsList,
  PIPELINE_MESSAGES,
  PROCESS_TASKS,
  type Task,
  type TasksScreenGroups,
  type User,
} from '@promovente/shared';
import { apiSession, DEMO_ACCOUNTS, expect, seriousViolations, signIn, test } from './support/fixtures.js';

const QUARTER = 15 * 60_000;
const DAY = 86_400_000;

const GROUPS = ['Prochainement', "Aujourd'hui", 'En retard'] as const;
const group = (page: Page, name: (typeof GROUPS)[number]) => page.getByRole('region', { name: new RegExp(`^${name}`) });

/** The late group's total of the broker's tasks screen, as the menu badge asks it. */
const lateTotal = async (request: APIRequestContext, promotionId: number) => {
  const api = await apiSession(request, DEMO_ACCOUNTS.broker);
  const { data } = await api.get<{ data: TasksScreenGroups }>(`actions?promotion=${promotionId}&group=past&limit=0`);
  await api.close();
  return data.totals.past;
};

const openTasks = async (page: Page) => {
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tâches' })).toBeVisible();
  for (const name of GROUPS) await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${name}`) })).toBeVisible();
};

const search = async (page: Page, text: string) => {
  await page.getByRole('region', { name: 'Filtres' }).getByLabel('Rechercher').fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
};

test.describe('tasks screen (docs/product/tasks.md#screens)', () => {
  test('a broker sees the three groups, searches, filters by broker and finishes a hand-made task', async ({ page, request }) => {
    // A hand-made task on a candidacy, due in two days, assigned to the demo broker.
    const api = await apiSession(request, DEMO_ACCOUNTS.broker);
    const { data: user } = await api.get<{ data: User }>('user');
    const promotionId = user.preferences.selected_promotion as number;
    const candidacies = await api.get<CandidaciesPage>(`candidacies?promotion=${promotionId}`);
    const candidacy = candidacies.data[0];
    const title = `Relancer ${Date.now().toString(36)}`;
    const { data: created } = await api.post<{ data: Task }>('commands/createAction', {
      entity: 'promotion',
      entity_id: promotionId,
      additionnal_fields: {
        title,
        detail: 'Au sujet du financement',
        type: 0,
        broker_id: user.id,
        end_at: new Date(Math.ceil((Date.now() + 2 * DAY) / QUARTER) * QUARTER).toISOString(),
        promotion_id: promotionId,
        candidacy_id: candidacy.id,
      },
    });
    await api.close();

    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openTasks(page);
    await expect(page).toHaveTitle('Promovente | Tâches');
    // The demo desk has late tasks, each with its time status.
    await expect(group(page, 'En retard').getByText('En retard', { exact: true }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // A group shows its total and its first 20 tasks; 'Afficher plus' adds the next ones.
    const late = await lateTotal(request, promotionId);
    const lateRows = group(page, 'En retard').locator('tbody tr');
    await expect(group(page, 'En retard').getByRole('heading', { level: 2 })).toContainText(`(${late})`);
    await expect(lateRows).toHaveCount(Math.min(late, 20));
    if (late > 20) {
      await group(page, 'En retard')
        .getByRole('button', { name: /^Afficher plus/ })
        .click();
      await expect(lateRows).toHaveCount(Math.min(late, 40));
    }

    // Search (debounced): only the new task, in Prochainement, with its target, detail and date.
    await search(page, title);
    await expect(page.getByText(/^1 tâche$/)).toBeVisible();
    const row = group(page, 'Prochainement').getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Prochainement');
    await expect(row).toContainText('Au sujet du financement');
    await expect(row.getByRole('link', { name: candidacy.candidate.full_name })).toHaveAttribute(
      'href',
      `/candidats?candidacy=${candidacy.id}`,
    );
    await expect(group(page, 'En retard').getByText('Aucune tâche.')).toBeVisible();

    // The search also finds the task by its candidate's name.
    await search(page, candidacy.candidate.full_name);
    await expect(group(page, 'Prochainement').getByRole('row').filter({ hasText: title })).toHaveCount(1);
    await search(page, title);

    // The broker filter: the assignee keeps it, another broker does not.
    const brokerFilter = page.getByRole('region', { name: 'Filtres' }).getByLabel('Courtier');
    await brokerFilter.selectOption({ value: String(created.assigned_to_id) });
    await expect(page).toHaveURL(/broker=/);
    await expect(row).toHaveCount(1);
    const others = await brokerFilter
      .locator('option')
      .evaluateAll(
        (options, own) => options.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== '' && v !== own),
        String(created.assigned_to_id),
      );
    if (others.length > 0) {
      await brokerFilter.selectOption({ value: others[0] });
      await expect(page.getByText(/^0 tâche$/)).toBeVisible();
      await brokerFilter.selectOption({ value: '' });
    }
    await expect(row).toHaveCount(1);

    // The show modal, then finish from the row: the task leaves the screen.
    await row.getByRole('button', { name: title, exact: true }).click();
    const show = page.getByRole('dialog', { name: title });
    await expect(show.getByText('Au sujet du financement')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(show).toHaveCount(0);
    await row.getByRole('button', { name: 'Marquer comme terminée' }).click();
    await expect(page.getByText('Tâche terminée', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText(/^0 tâche$/)).toBeVisible();

    // Process tasks are neither edited nor finished by hand.
    await search(page, PROCESS_TASKS.reservation_form_pending.title);
    const processRows = page.getByRole('row').filter({ hasText: PROCESS_TASKS.reservation_form_pending.title });
    if ((await processRows.count()) > 0) {
      await expect(processRows.getByRole('button', { name: 'Marquer comme terminée' })).toHaveCount(0);
      await expect(processRows.getByRole('button', { name: /^Modifier/ })).toHaveCount(0);
    }
  });

  test('a notary sees his own tasks in the three groups', async ({ page, request }) => {
    const api = await apiSession(request, DEMO_ACCOUNTS.notary);
    const { data: notary } = await api.get<{ data: User }>('user');
    const promotionId = notary.preferences.selected_promotion as number;
    const { data } = await api.get<{ data: TasksScreenGroups }>(`promotions/${promotionId}/notary/actions`);
    await api.close();
    const all = [...data.next, ...data.today, ...data.past];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((task) => task.assigned_to_id === notary.id)).toBe(true);

    await signIn(page, DEMO_ACCOUNTS.notary);
    await expect(page).toHaveURL(/\/home$/);
    await openTasks(page);
    const total = all.length;
    await expect(page.getByText(total > 1 ? `${total} tâches` : '1 tâche', { exact: true })).toBeVisible();
    const first = data.past[0] ?? data.today[0] ?? data.next[0];
    await expect(page.getByRole('row').filter({ hasText: first.title }).first()).toContainText(notary.full_name);
    // A notary edits no task.
    await expect(page.getByRole('button', { name: /^Modifier la tâche/ })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('history screen (docs/product/history.md#screens)', () => {
  test('a broker opens the history from a query, pages through it, and an empty filter says so', async ({ page, request }) => {
    const api = await apiSession(request, DEMO_ACCOUNTS.broker);
    const candidacies = await api.get<CandidaciesPage>('candidacies');
    const candidacy = candidacies.data[0];
    const history = await api.get<LogsPage>(`logs?candidacy_id=${candidacy.id}`);
    const everything = await api.get<LogsPage>('logs');
    // A lot without history: the empty state.
    const lots = await api.get<LotsList>('lots');
    let quietLot: { id: number; public_id: string } | null = null;
    for (const lot of lots.data) {
      if ((await api.get<LogsPage>(`logs?lot_id=${lot.id}`)).total === 0) {
        quietLot = { id: lot.id, public_id: lot.public_id };
        break;
      }
    }
    await api.close();
    expect(history.total).toBeGreaterThan(0);

    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/logs?candidacy_id=${candidacy.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Historique' })).toBeVisible();
    await expect(page).toHaveTitle('Promovente | Historique');
    for (const name of ['Date', 'Exécuteur', 'Sur', 'Description']) {
      await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByText(candidacy.candidate.full_name, { exact: true }).first()).toBeVisible();
    const firstRow = history.data[0];
    await expect(page.getByRole('row').filter({ hasText: firstRow.title }).first()).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(Math.min(history.total, 50) + 1);
    expect(await seriousViolations(page)).toEqual([]);

    // The back link goes to the candidates screen.
    await page.getByRole('link', { name: 'Retour aux candidats' }).click();
    await expect(page).toHaveURL(new RegExp(`/candidats\\?candidacy=${candidacy.id}`));

    // The whole history, paginated.
    if (everything.last_page > 1) {
      await page.goto('/logs');
      await expect(page.getByRole('row')).toHaveCount(51);
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    }

    // The demo desk has lots nobody touched yet.
    expect(quietLot).not.toBeNull();
    if (quietLot) {
      await page.goto(`/logs?lot_id=${quietLot.id}`);
      await expect(page.getByText(PIPELINE_MESSAGES.emptyHistory)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Retour aux lots' })).toHaveAttribute('href', `/lots?lot=${quietLot.public_id}`);
    }
  });
});
