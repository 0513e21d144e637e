import http from 'node:http';

/** The live events' stream as a browser's EventSource reads it (platform/events.ts). */

export type Frame = { id?: string; event?: string; data?: string };

/** An open event stream (GET /api/events) on a connection of its own: its frames as they arrive, parsed by the rules of the SSE format. */
export const openEventStream = async (baseUrl: string, headers: Record<string, string>) => {
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  const wake = () => {
    for (const resolve of waiters.splice(0)) resolve();
  };
  const request = http.get(`${baseUrl}/api/events`, { headers, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const frame: Frame = {};
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const field = line.slice(0, colon);
        const text = line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id' || field === 'event' || field === 'data') frame[field] = text;
      }
      if (frame.event) frames.push(frame);
      cut = buffer.indexOf('\n\n');
    }
    wake();
  });
  response.once('close', () => {
    ended = true;
    wake();
  });
  request.on('error', () => undefined);
  /** The frames once `count` of them matched, or what came within the time given. */
  const next = async (match: (frame: Frame) => boolean, count = 1, withinMs = 3000) => {
    const deadline = Date.now() + withinMs;
    while (frames.filter(match).length < count && !ended && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return frames.filter(match);
  };
  return {
    status: response.statusCode,
    headers: response.headers,
    frames,
    next,
    ended: () => ended,
    close: () => {
      request.destroy();
    },
  };
};
