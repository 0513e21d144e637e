import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailMessages, notifications } from '../../db/schema/index.js';
import { createUser } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { command } from '../candidacies/candidacies.fixtures.js';
import { applicationRow, CRM, type Desk, logsOf, makeApplication, pipelineDesk, run } from './pipeline.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const DAY_MS = 86_400_000;

/**
 * Lot `lotIndex` of a multi-agency promotion with three positions: 1 and 3 of the acting broker,
 * 2 of another broker whose priority-2 deadline notice was already sent. The first one leaves
 * by `removal`; what happened to the two behind is read with names, lot and users replaced by
 * placeholders, so that two lots (and two runs) compare.
 */
const leaveFirstPosition = async (desk: Desk, lotIndex: number, removal: 'deleteApplication' | 'deleteCandidacy') => {
  const other = await createUser(desk.db, 'broker', { agencyId: CRM, promotionIds: [desk.promotion.id], lastName: 'Autre' });
  const old = new Date(Date.now() - 6 * DAY_MS);
  const first = await makeApplication(desk, { lotIndex, priority: 1 });
  const second = await makeApplication(desk, {
    lotIndex,
    priority: 2,
    brokerId: other.id,
    agencyId: CRM,
    lastPriorityChange: old,
    deadlineNotifiedAt: old,
  });
  const third = await makeApplication(desk, { lotIndex, priority: 3, lastPriorityChange: old });
  const before = new Date(Date.now() - 60_000);
  const headers = await desk.as(desk.broker);
  const response =
    removal === 'deleteApplication'
      ? await run(ctx.app, headers, 'deleteApplication', first.application.id)
      : await command(ctx.app, headers, 'deleteCandidacy', 'candidacy', first.candidacy.id);
  expect(response.statusCode).toBe(200);

  const lot = desk.lots[lotIndex].reference;
  const names = new Map([
    [`${second.candidate.firstName} ${second.candidate.lastName}`, '{second}'],
    [`${third.candidate.firstName} ${third.candidate.lastName}`, '{third}'],
  ]);
  const users = new Map([
    [desk.broker.id, 'actor'],
    [other.id, 'other'],
  ]);
  const plain = (text: string | null) => {
    let out = (text ?? '').replaceAll(lot, '{lot}');
    for (const [name, placeholder] of names) out = out.replaceAll(name, placeholder);
    return out;
  };
  const moved = await Promise.all(
    [second, third].map(async ({ application }) => {
      const row = await applicationRow(desk.db, application.id);
      return {
        priority: row.priority,
        restarted: row.lastPriorityChange > before,
        deadlineNotifiedAt: row.deadlineNotifiedAt,
        history: (await logsOf(desk.db, application.id)).map((l) => ({
          title: plain(l.title),
          on: plain(l.executedOnTitle),
          by: users.get(l.executedById ?? 0),
        })),
      };
    }),
  );
  const notified = (await desk.db.select().from(notifications).orderBy(asc(notifications.id)))
    .filter((n) => users.has(n.userId))
    .map((n) => ({ to: users.get(n.userId), title: n.title, description: plain(n.description) }));
  const emails = new Map([
    [desk.broker.email, 'actor'],
    [other.email, 'other'],
  ]);
  const appUrl = ctx.app.deps.config.APP_URL;
  const mailed = (await desk.db.select().from(mailMessages).orderBy(asc(mailMessages.id)))
    .filter((m) => m.to.some((to) => emails.has(to)))
    .map((m) => ({
      to: m.to.map((to) => emails.get(to)),
      subject: plain(m.subject),
      // The message, before the footer every notification e-mail ends with (its unsubscribe link).
      text: plain(m.text).replaceAll(appUrl, '{app}').split('\n').slice(0, 4).join('\n'),
    }));
  return { moved, notified, mailed };
};

describe('the positions service (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built): one behaviour whichever command leaves a position', () => {
  it('deleting a candidacy and deleting its application make the same moves, history, deadline reset and notifications', async () => {
    const desk = await pipelineDesk(ctx, { multiAgency: true });
    const byApplication = await leaveFirstPosition(desk, 0, 'deleteApplication');
    const byCandidacy = await leaveFirstPosition(desk, 1, 'deleteCandidacy');
    expect(byCandidacy).toEqual(byApplication);
    expect(byApplication).toEqual({
      moved: [
        {
          priority: 1,
          restarted: true,
          deadlineNotifiedAt: null,
          history: [{ title: 'Priorité modifiée de 2 à 1 : un dossier a été supprimé sur le lot {lot}', on: '{second}', by: 'actor' }],
        },
        {
          priority: 2,
          restarted: true,
          deadlineNotifiedAt: null,
          history: [{ title: 'Priorité modifiée de 3 à 2 : un dossier a été supprimé sur le lot {lot}', on: '{third}', by: 'actor' }],
        },
      ],
      // The acting broker's own moved application tells nobody; the other broker is told, in the
      // app and by e-mail (he keeps 'Recevoir les notifications par e-mail', the default).
      notified: [{ to: 'other', title: 'Priorité modifiée', description: '{second} passe de la priorité 2 à 1 sur le lot {lot}.' }],
      mailed: [
        {
          to: ['other'],
          subject: 'Promovente : priorité modifiée sur le lot {lot}',
          text: [
            '{second} passe de la priorité 2 à 1 sur le lot {lot}.',
            'Motif : un dossier a été supprimé sur le lot {lot}.',
            '',
            'Tunnel de vente : {app}/tunnel-de-vente',
          ].join('\n'),
        },
      ],
    });
  });

  it('e-mails no broker who turned off the notification e-mails, though the app still tells him', async () => {
    const desk = await pipelineDesk(ctx, { multiAgency: true });
    const quiet = await createUser(desk.db, 'broker', { agencyId: CRM, promotionIds: [desk.promotion.id], emailNotifications: false });
    const first = await makeApplication(desk, { lotIndex: 0, priority: 1 });
    await makeApplication(desk, { lotIndex: 0, priority: 2, brokerId: quiet.id, agencyId: CRM });
    expect((await run(ctx.app, await desk.as(desk.broker), 'deleteApplication', first.application.id)).statusCode).toBe(200);
    expect((await desk.db.select().from(notifications)).filter((n) => n.userId === quiet.id)).toHaveLength(1);
    expect((await desk.db.select().from(mailMessages)).filter((m) => m.to.includes(quiet.email))).toEqual([]);
  });
});
