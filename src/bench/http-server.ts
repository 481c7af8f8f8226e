// The HTTP side of the benchmarks: an Engram app served on a free port of 127.0.0.1, and a POST that fails loudly,
// so that `engram bench` and the scripts under scripts/ measure the same thing the same way.
import { serve } from '@hono/node-server';

export interface ServedApp {
  url: string;
  close(): Promise<void>;
}

/** Serves `app` (a composed Engram app, or anything with Hono's fetch) until `close`. */
export async function serveOnFreePort(app: {
  fetch: (request: Request) => Response | Promise<Response>;
}): Promise<ServedApp> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** POSTs `body` as JSON with an API key; any answer but 200/201 throws (a benchmark must not time errors). */
export async function postJson(url: string, key: string, body: unknown): Promise<Response> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${new URL(url).pathname} answered ${res.status}`);
  return res;
}
