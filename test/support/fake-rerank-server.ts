// A real rerank HTTP server for tests on 127.0.0.1, speaking two wire formats:
//  - Cohere / Jina: POST /v2/rerank and /v1/rerank `{ model, query, documents, top_n }` ->
//    `{ id, results: [{ index, relevance_score }] (best first, top_n of them), meta }`;
//  - Cloudflare's Workers AI REST API: POST /client/v4/accounts/{id}/ai/run/@cf/baai/bge-reranker-base
//    `{ query, contexts: [{ text }], top_k }` -> `{ success, result: { response: [{ id, score }] }, errors, messages }`.
// Relevance is the share of the query's words the document holds (deterministic); faults switchable at runtime.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRerankFaults {
  /** Milliseconds to wait before answering. */
  delay?: number;
  /** Answer 500 with the provider's error body. */
  status500?: boolean;
  /** One result names a document the request did not send. */
  badIndex?: boolean;
  /** Scores as raw logits (outside [0, 1]), as some self-hosted servers answer. */
  logits?: boolean;
  /** Documents holding this text score 1 (a reranker that disagrees with the lanes). */
  prefer?: string;
}

export interface FakeRerankServer {
  /** e.g. http://127.0.0.1:54321 */
  origin: string;
  apiKey: string;
  setFault(faults: FakeRerankFaults | null): void;
  /** Per request: the route, how many documents, the model, whether the key was right (never the texts). */
  readonly received: readonly { route: string; documents: number; model: unknown; authorized: boolean }[];
  close(): Promise<void>;
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** The share of the query's words found in the document, in [0, 1]. */
export function overlapScore(query: string, document: string): number {
  const q = words(query);
  const d = words(document);
  if (q.size === 0) return 0;
  let shared = 0;
  for (const w of q) if (d.has(w)) shared += 1;
  return shared / q.size;
}

export async function startFakeRerankServer(options: { apiKey?: string } = {}): Promise<FakeRerankServer> {
  const apiKey = options.apiKey ?? 'rerank-test-key';
  let faults: FakeRerankFaults = {};
  const received: { route: string; documents: number; model: unknown; authorized: boolean }[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  };
  const ranked = (query: string, texts: string[], limit: number) => {
    const scored = texts.map((text, index) => {
      const s = faults.prefer && text.includes(faults.prefer) ? 1 : overlapScore(query, text) * 0.9;
      return { index, score: faults.logits ? (s - 0.5) * 8 : s };
    });
    scored.sort((a, b) => b.score - a.score || a.index - b.index);
    const top = scored.slice(0, limit);
    if (faults.badIndex && top[0]) top[0] = { ...top[0], index: texts.length + 3 };
    return top;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = req.url ?? '';
      const body = await readJson(req);
      const authorized = req.headers.authorization === `Bearer ${apiKey}`;
      if (faults.delay) await new Promise((r) => setTimeout(r, faults.delay));
      if (res.destroyed) return;
      const cloudflare = /^\/client\/v4\/accounts\/[^/]+\/ai\/run\/@cf\/baai\/bge-reranker-base$/.test(url);
      const cohere = url === '/v2/rerank' || url === '/v1/rerank';
      if (!cloudflare && !cohere) return send(res, 404, { message: 'not found' });
      if (cloudflare) {
        const contexts = Array.isArray(body.contexts) ? (body.contexts as { text: string }[]) : [];
        received.push({ route: 'workers-ai', documents: contexts.length, model: null, authorized });
        if (!authorized)
          return send(res, 401, {
            success: false,
            errors: [{ code: 10000, message: 'Authentication error' }],
          });
        if (faults.status500)
          return send(res, 500, {
            success: false,
            errors: [{ code: 3043, message: 'Internal server error' }],
          });
        const top = ranked(
          String(body.query),
          contexts.map((c) => c.text),
          Number(body.top_k ?? contexts.length),
        );
        return send(res, 200, {
          success: true,
          errors: [],
          messages: [],
          result: { response: top.map((t) => ({ id: t.index, score: t.score })) },
        });
      }
      const documents = Array.isArray(body.documents) ? (body.documents as string[]) : [];
      received.push({ route: url, documents: documents.length, model: body.model, authorized });
      if (!authorized) return send(res, 401, { message: 'invalid api token' });
      if (faults.status500) return send(res, 500, { message: 'internal server error' });
      const top = ranked(String(body.query), documents, Number(body.top_n ?? documents.length));
      return send(res, 200, {
        id: 'rerank-1',
        results: top.map((t) => ({ index: t.index, relevance_score: t.score })),
        meta: { billed_units: { search_units: 1 } },
      });
    })().catch(() => {
      if (!res.headersSent) send(res, 400, { message: 'bad request' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    apiKey,
    setFault(next) {
      faults = next ?? {};
    },
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
