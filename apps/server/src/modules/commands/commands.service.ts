import { MESSAGES } from '@promovente/shared';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { applications, candidacies, lots, promotions, tasks } from '../../db/schema/index.js';
import type { RequestActor } from '../../platform/auth.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Storage } from '../../platform/storage.js';
import type { CommandEntity, CommandRegistry } from './registry.js';
import { runWrite } from './write-pipeline.js';

/**
 * The promotion a row belongs to; hidden applications do not exist for commands. Read before the
 * transaction opens (a row never changes promotion, and the read locks nothing): one statement
 * less holding a connection of the pool while the server waits between statements.
 */
const promotionOf = async (tx: Queryable, entity: CommandEntity, id: number): Promise<number | null> => {
  const pick = async (query: Promise<{ promotionId: number }[]>) => (await query)[0]?.promotionId ?? null;
  switch (entity) {
    case 'promotion':
      return pick(tx.select({ promotionId: promotions.id }).from(promotions).where(eq(promotions.id, id)));
    case 'candidacy':
      return pick(tx.select({ promotionId: candidacies.promotionId }).from(candidacies).where(eq(candidacies.id, id)));
    case 'application':
      return pick(
        tx
          .select({ promotionId: applications.promotionId })
          .from(applications)
          .where(and(eq(applications.id, id), eq(applications.hidden, false))),
      );
    case 'action':
      return pick(tx.select({ promotionId: tasks.promotionId }).from(tasks).where(eq(tasks.id, id)));
    case 'lot':
      return pick(tx.select({ promotionId: lots.promotionId }).from(lots).where(eq(lots.id, id)));
  }
};

export type CommandRequest = { name: string; entity: string; entity_id: number; additionnal_fields: unknown };

/**
 * Runs one command: role check and input parsed with the command's schema, then the write
 * pipeline (write-pipeline.ts): target scoped to the user's promotions (404 otherwise), handler
 * and history row in ONE transaction. E-mails and notifications queued by the handler leave
 * only if it commits.
 */
export const executeCommand = async (
  deps: { db: Db; jobs: Jobs; config: Config; storage: Storage },
  registry: CommandRegistry,
  actor: RequestActor,
  request: CommandRequest,
) => {
  const command = registry.get(request.name);
  if (!command) throw notFound('Commande inconnue');
  if (request.entity !== command.entity) throw badRequest('Entité invalide pour cette commande');
  if (!command.roles.includes(actor.type)) throw forbidden();
  const parsed = command.input.safeParse(request.additionnal_fields ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MESSAGES.invalidInput);

  const promotionId = await promotionOf(deps.db, command.entity, request.entity_id);
  if (promotionId === null) throw notFound();
  return runWrite(
    deps,
    actor,
    promotionId,
    async (write) => {
      const result = await command.run(
        {
          tx: write.tx,
          actor,
          jobs: write.jobs,
          config: write.config,
          storage: write.storage,
          afterCommit: write.afterCommit,
          target: { id: request.entity_id, promotionId: write.promotionId },
        },
        parsed.data,
      );
      return { data: { data: result.data ?? null, message: result.message }, log: result.log };
    },
    () => notFound(),
  );
};
