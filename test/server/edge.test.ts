// untilBodySent: the Worker closes its pool only once a (possibly streamed) response body has been sent.
import { describe, expect, it } from 'vitest';
import { untilBodySent } from '../../src/server/edge-scope.ts';

/** A body that produces its chunks only when read, as the subject export does from the database. */
function lazyBody(chunks: string[]): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[pulled];
      if (next === undefined) return controller.close();
      pulled += 1;
      controller.enqueue(encoder.encode(next));
    },
  });
  return { body, pulled: () => pulled };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('untilBodySent', () => {
  it('settles only after the consumer has read the whole body, which arrives intact with status and headers', async () => {
    const { body } = lazyBody(['{"a":1}\n', '{"a":2}\n', '{"a":3}\n']);
    const original = new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
    const { response, sent } = untilBodySent(original);
    let settled = false;
    void sent.then(() => {
      settled = true;
    });
    await tick();
    expect(settled).toBe(false);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(await response.text()).toBe('{"a":1}\n{"a":2}\n{"a":3}\n');
    await sent;
    expect(settled).toBe(true);
  });

  it('settles when the client goes away mid-body', async () => {
    const { body, pulled } = lazyBody(Array.from({ length: 1000 }, (_, i) => `line ${i}\n`));
    const { response, sent } = untilBodySent(new Response(body));
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await expect(sent).resolves.toBeUndefined();
    expect(pulled()).toBeLessThan(1000);
  });

  it('passes a response without a body through, already sent', async () => {
    const original = new Response(null, { status: 204 });
    const { response, sent } = untilBodySent(original);
    expect(response).toBe(original);
    await expect(sent).resolves.toBeUndefined();
  });
});
