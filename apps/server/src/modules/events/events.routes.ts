import { EVENTS_API } from '@promovente/shared';
import { handlersOf } from '../../platform/routes.js';

/** The longest id a stream writes (an epoch of 12 hex digits and a number); anything longer is not ours. */
const LAST_EVENT_ID_MAX = 40;

/** The module's catalogued routes (packages/shared/src/api/events.ts), each with its handler. */
export const EVENTS_HANDLERS = handlersOf(EVENTS_API, {
  getEvents: async ({ deps, actor, request, reply }) => {
    const header = request.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && header.length <= LAST_EVENT_ID_MAX ? header : undefined;
    // The process listens from its first stream on: one that serves no screen keeps no connection for it.
    await deps.events.start();
    const body = deps.events.open(
      { userId: actor.id, admin: actor.admin, tokenId: actor.token_id, promotionIds: actor.promotion_ids },
      lastEventId,
    );
    // The screen went away: its stream ends with it.
    reply.raw.once('close', () => body.destroy());
    return (
      reply
        .type('text/event-stream; charset=utf-8')
        // A proxy that buffers would hold every event until the stream ends.
        .header('x-accel-buffering', 'no')
        .send(body)
    );
  },
});
