import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SERVICE_UNAVAILABLE } from './errors.js';

/**
 * Draining before a stop (SIGTERM, Ctrl-C): the requests the server had already been sent
 * complete, later ones answer 503, then the listener closes.
 *
 * "Already sent" is decided per connection. A connection the kernel accepted before the signal
 * may not have been read yet: on the embedded database a request runs to its end before the
 * next socket is read, so a hundred requests in flight are mostly waiting in the accept queue.
 * Closing the listener at once resets them (what `app.close()` alone did). So the listener stays
 * open while draining and keeps accepting what the kernel holds; the cut-off falls once no
 * connection has been accepted for two turns of the event loop and 50 ms (at most 3 s after
 * the signal): a connection accepted before the cut-off is owed an answer, one accepted after
 * it gets 503. Every answer while draining says `Connection: close`, so no connection carries a
 * request past the drain. Then the listener closes: later connections are refused.
 */
export type Drain = {
  /** Starts draining; `onCutOff` runs once connections accepted from then on answer 503. */
  begin: (onCutOff?: () => void) => void;
  /**
   * Resolves when every connection owed an answer has had it ('drained'), when the ones left
   * have sent nothing for `quietMs` while no request runs ('quiet': a browser's spare
   * connection), or after `maxMs` ('timeout').
   */
  settled: (options: { maxMs: number; quietMs: number }) => Promise<'drained' | 'quiet' | 'timeout'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

const CUT_OFF_QUIET_MS = 50;
// A loaded machine accepts a hundred waiting connections slowly: the cut-off waits up to 3 s.
const CUT_OFF_MAX_MS = 3000;

type Tracked = { late: boolean; active: number; answered: number };

export const registerDraining = (app: FastifyInstance) => {
  let stopping = false;
  let cutOff = false;
  const sockets = new Map<Socket, Tracked>();
  let lastProgress = Date.now();
  let accepted = 0;
  let lastAccept = 0;
  let active = 0;

  const owed = () => {
    for (const state of sockets.values()) {
      // Owed: a request in progress, or an early connection that has not been answered yet
      // (its request may be waiting in the socket). An idle keep-alive connection owes nothing.
      if (!state.late && (state.active > 0 || state.answered === 0)) return true;
    }
    return false;
  };

  app.addHook('onListen', async () => {
    app.server.on('connection', (socket: Socket) => {
      sockets.set(socket, { late: cutOff, active: 0, answered: 0 });
      accepted += 1;
      lastAccept = Date.now();
      socket.once('close', () => sockets.delete(socket));
    });
    app.server.on('request', (request, response) => {
      const state = sockets.get(request.socket);
      if (!state) return;
      state.active += 1;
      active += 1;
      lastProgress = Date.now();
      response.once('close', () => {
        state.active -= 1;
        state.answered += 1;
        active -= 1;
        lastProgress = Date.now();
      });
    });
  });

  // First of the hooks: a late request costs no database query.
  app.addHook('onRequest', async (request, reply) => {
    if (!stopping) return;
    reply.header('connection', 'close');
    if (sockets.get(request.raw.socket)?.late ?? cutOff) {
      return reply.status(503).header('retry-after', '5').send({ message: SERVICE_UNAVAILABLE });
    }
  });

  app.decorate('drain', {
    begin(onCutOff) {
      if (stopping) return;
      stopping = true;
      lastProgress = Date.now();
      // The cut-off: once the accept queue has been quiet for two turns of the event loop and
      // CUT_OFF_QUIET_MS (what the kernel held at the signal is accepted by then), at most
      // CUT_OFF_MAX_MS after the signal.
      const began = Date.now();
      let quietTurns = 0;
      let seen = accepted;
      const turn = () => {
        const now = Date.now();
        quietTurns = accepted === seen ? quietTurns + 1 : 0;
        seen = accepted;
        if ((quietTurns >= 2 && now - lastAccept >= CUT_OFF_QUIET_MS) || now - began >= CUT_OFF_MAX_MS) {
          cutOff = true;
          onCutOff?.();
          return;
        }
        // A timer, then the check phase of the same loop turn: the poll phase (which accepts what
        // the kernel holds) always runs in between, so two quiet evaluations mean two accept
        // passes without news; a bare timer could run twice before any poll phase.
        setTimeout(() => setImmediate(turn), 1);
      };
      setImmediate(turn);
    },
    settled({ maxMs, quietMs }) {
      const deadline = Date.now() + maxMs;
      return new Promise((resolve) => {
        const check = () => {
          const now = Date.now();
          const outcome = !cutOff
            ? null
            : !owed()
              ? 'drained'
              : active === 0 && now - lastProgress >= quietMs
                ? 'quiet'
                : now >= deadline
                  ? 'timeout'
                  : null;
          if (outcome) {
            clearInterval(timer);
            // What is left has no request running (a spare or kept-alive connection): closed
            // here, since the listener's close would wait for it.
            for (const [socket, state] of sockets) if (state.active === 0) socket.destroy();
            resolve(outcome);
          }
        };
        const timer = setInterval(check, 20);
        setImmediate(() => setImmediate(check));
      });
    },
  } satisfies Drain);
};
