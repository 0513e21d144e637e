import { describe, expect, it } from 'vitest';
import { ndjsonLines } from './price-grid';

/** A body that arrives in the given pieces, cut anywhere (the network does not respect lines). */
const bodyOf = (pieces: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
      controller.close();
    },
  });

describe("the apply's streamed answer (NDJSON)", () => {
  it('hands each JSON line once it is whole, whatever the cuts, the last line without its newline too', async () => {
    const events = [];
    const body = bodyOf([
      '{"type":"progress","phase":"check","processed":0,"to',
      'tal":2}\n{"type":"progress","phase":"write","processed":2,"total":2}\n',
      '{"type":"done","result":{"created":2,"changed":0,"unchanged":0,"refused":[],"message":"Grille appliquée : 2 lots créés, 0 lot modifié"}}',
    ]);
    for await (const event of ndjsonLines(body)) events.push(event);
    expect(events.map((e) => e.type)).toEqual(['progress', 'progress', 'done']);
    expect(events[1]).toEqual({ type: 'progress', phase: 'write', processed: 2, total: 2 });
  });
});
