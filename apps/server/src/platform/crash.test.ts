import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres } from '../db/client.js';
import { candidacies, candidates, logs } from '../db/schema/index.js';
import { request, type ServerDatabase, type ServerProcess, serverDatabase, signInDemo, startServer } from '../test/server-process.js';

const ROUNDS = 5;
const WRITERS = 8;
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

let data: ServerDatabase;
const started: ServerProcess[] = [];
beforeAll(async () => {
  data = await serverDatabase('crash');
}, 120_000);
afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await data.drop();
});

const candidacyForm = (email: string) => ({
  candidacy: {
    status: 0,
    priority: 2,
    vip: false,
    couple: false,
    budget: '950000',
    candidate: { first_name: 'Sophie', last_name: 'Rochat', email, gender: 'F', phone: '+41 79 555 12 34', zip: '1180', city: 'Rolle' },
  },
});

type Ack = { id: number; email: string };

/** Writers loop on createCandidacy until the server dies under them; every 200 is recorded. */
const writeUntilKilled = async (server: ServerProcess, headers: Record<string, string>, promotionId: number, round: number) => {
  const acknowledged: Ack[] = [];
  const refused: string[] = [];
  let sent = 0;
  let killed = false;
  const writer = async (w: number) => {
    for (let i = 0; !killed; i += 1) {
      const email = `crash.${round}.${w}.${i}@exemple.ch`;
      sent += 1;
      const answer = await request(server.url, {
        method: 'POST',
        path: '/api/app/executeCommand',
        headers,
        body: {
          name: 'createCandidacy',
          params: { entity: 'promotion', entity_id: promotionId, additionnal_fields: candidacyForm(email) },
        },
      }).answer;
      if (!('status' in answer)) return;
      if (answer.status !== 200) {
        refused.push(`${answer.status} ${answer.body}`);
        continue;
      }
      acknowledged.push({ id: (JSON.parse(answer.body) as { data: { id: number } }).data.id, email });
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  // Kill while writes are in flight: after a few acknowledgements, at a moment that varies by round.
  while (acknowledged.length < 5 + round * 3 && refused.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
  server.child.kill('SIGKILL');
  killed = true;
  await server.exited;
  await Promise.all(writers);
  return { acknowledged, refused, sent };
};

describe(`kill -9 during concurrent writes (${database})`, () => {
  it(`${ROUNDS} rounds of kill -9 under ${WRITERS} concurrent createCandidacy writers lose no acknowledged write, and no candidacy is without its history row`, async () => {
    const acknowledged: Ack[] = [];
    const refused: string[] = [];
    let sent = 0;
    let headers: Record<string, string> | undefined;
    let promotionId = 0;
    for (let round = 1; round <= ROUNDS; round += 1) {
      // Each start after the first is the restart after a kill -9: recovery, then migrations.
      const server = await startServer(data.env);
      started.push(server);
      if (!headers) {
        headers = await signInDemo(server.url);
        const me = await request(server.url, { path: '/api/user', headers }).answer;
        promotionId = 'status' in me ? (JSON.parse(me.body).data.preferences.selected_promotion as number) : 0;
      }
      const result = await writeUntilKilled(server, headers, promotionId, round);
      acknowledged.push(...result.acknowledged);
      refused.push(...result.refused);
      sent += result.sent;
    }

    // The last restart recovers from the last kill; the data is then read with the server stopped.
    const last = await startServer(data.env);
    started.push(last);
    expect(statusOf(await request(last.url, { path: '/api/health' }).answer)).toBe(200);
    last.child.kill('SIGTERM');
    expect((await last.exited).code).toBe(0);

    const db = data.kind === 'postgres' ? await openPostgres(data.url as string) : await openPglite(path.join(data.env.DATA_DIR, 'pglite'));
    try {
      const written = await db.db
        .select({ id: candidacies.id, email: candidates.email })
        .from(candidacies)
        .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
        .where(inArray(candidacies.promotionId, [promotionId]));
      const mine = written.filter((row) => row.email?.startsWith('crash.'));
      const found = new Map(mine.map((row) => [row.id, row.email]));
      const lost = acknowledged.filter((ack) => found.get(ack.id) !== ack.email);
      const history = await db.db
        .select({ candidacyId: logs.candidacyId })
        .from(logs)
        .where(
          and(
            eq(logs.title, 'Candidat créé'),
            inArray(
              logs.candidacyId,
              mine.map((row) => row.id),
            ),
          ),
        );
      const withHistory = new Set(history.map((row) => row.candidacyId));
      const withoutHistory = mine.filter((row) => !withHistory.has(row.id));

      expect(refused).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS * 5);
      expect(lost).toEqual([]);
      expect(withoutHistory).toEqual([]);
      console.info(
        `[crash ${data.kind}] ${ROUNDS} kill -9 rounds: ${sent} writes sent, ${acknowledged.length} acknowledged, ${mine.length} stored, 0 acknowledged lost, 0 without history`,
      );
    } finally {
      await db.close();
    }
  }, 300_000);
});

const statusOf = (answer: Awaited<ReturnType<typeof request>['answer']>) => ('status' in answer ? answer.status : answer.error);
