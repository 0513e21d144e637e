import type { FastifyInstance, InjectOptions } from 'fastify';

/** What the suites read of an answer. */
export type Injected = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json: () => any;
};

/**
 * app.inject for the suites that call every route (the route x principal matrix, the
 * cross-promotion and fuzz suites): a stream that never ends by itself (GET /api/events) is read
 * until its first chunk, then dropped, as a browser that closes the page; any other answer is
 * read whole.
 */
export const injectAny = async (app: FastifyInstance, options: InjectOptions): Promise<Injected> => {
  const controller = new AbortController();
  const response = await app.inject({ ...options, payloadAsStream: true, signal: controller.signal });
  const stream = response.stream();
  const endless = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.from(chunk as Buffer));
    if (endless) break;
  }
  if (endless) controller.abort();
  const body = Buffer.concat(chunks).toString();
  return { statusCode: response.statusCode, headers: response.headers, body, json: () => JSON.parse(body) };
};
