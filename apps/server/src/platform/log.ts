import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type Logger } from 'pino';

const MASK = '[masqué]';

/**
 * A request's address as the logs keep it: the secrets some addresses carry are masked (the
 * password reset token, the reservation form's public id, which opens the form, and the
 * signature of a signed file URL), so that reading the logs gives no access (docs/security.md).
 */
export const maskUrl = (url: string) =>
  url
    .replace(/(\/password\/find\/)[^/?#]+/, `$1${MASK}`)
    .replace(/(\/applications\/public\/)[^/?#]+/, `$1${MASK}`)
    .replace(/([?&]signature=)[^&#]*/, `$1${MASK}`);

type LoggedRequest = { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } };

/** Fastify's request line, with the address masked. */
const request = (req: LoggedRequest) => ({
  method: req.method,
  url: maskUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/** The server's logger: JSON lines on stdout, the request addresses masked. */
export const createLogger = (level: string, destination?: pino.DestinationStream): Logger =>
  pino({ level, serializers: { req: request } }, destination);

/**
 * One line per request (docs/performance.md#the-server): written once it is answered, with the
 * masked address, the status and the milliseconds, instead of Fastify's 'incoming request' and
 * 'request completed' pair. Fastify's other lines (errors, streams) are kept.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request');
  }
}
