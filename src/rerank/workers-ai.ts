// Reranking on Cloudflare Workers AI (`@cf/baai/bge-reranker-base`), through the Worker's `AI` binding or, from
// Node, the same model over Cloudflare's REST API (`/accounts/{id}/ai/run/{model}`): one input and output shape.
import { RerankError, type Reranker, type RerankOptions } from '../ports/reranker.ts';
import { arrayField, scoresFromPairs } from './scores.ts';

export const WORKERS_AI_RERANK_MODEL = '@cf/baai/bge-reranker-base';
export const CLOUDFLARE_API_BASE = 'https://api.cloudflare.com/client/v4';

/** The model's input: the query and the candidate texts (`contexts`); `top_k` limits the answer. */
export interface WorkersAiRerankInput {
  query: string;
  contexts: { text: string }[];
  top_k?: number;
}

/** The part of the `Ai` binding reranking uses; `env.AI` satisfies it structurally. */
export interface WorkersAiRunner {
  run(model: string, inputs: WorkersAiRerankInput, options?: { signal?: AbortSignal }): Promise<unknown>;
}

/**
 * The REST API as a runner: `POST {base}/accounts/{accountId}/ai/run/{model}` with a bearer token answers
 * `{ success, result: <the model's output>, errors }`; the result is what the binding returns.
 */
export function workersAiRestRunner(options: {
  accountId: string;
  apiToken: string;
  baseURL?: string | undefined;
  fetch?: typeof fetch;
}): WorkersAiRunner {
  const base = (options.baseURL ?? CLOUDFLARE_API_BASE).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  return {
    async run(model, inputs, runOptions) {
      const url = `${base}/accounts/${encodeURIComponent(options.accountId)}/ai/run/${model}`;
      const response = await doFetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(inputs),
        ...(runOptions?.signal ? { signal: runOptions.signal } : {}),
      });
      if (!response.ok) throw new Error(`workers-ai rest: status ${response.status}`);
      const body = (await response.json()) as { success?: unknown; result?: unknown };
      if (body.success === false) throw new Error('workers-ai rest: success false');
      return body.result;
    },
  };
}

/** A Reranker over `ai.run(model, { query, contexts })`, which answers `{ response: [{ id, score }] }`. */
export function createWorkersAiReranker(options: {
  ai: WorkersAiRunner;
  model?: string | undefined;
}): Reranker {
  const model = options.model ?? WORKERS_AI_RERANK_MODEL;
  const where = `workers-ai ${model}`;
  return {
    provider: 'workers-ai',
    model,
    async rerank(query: string, documents: readonly string[], opts?: RerankOptions) {
      if (documents.length === 0) return [];
      let result: unknown;
      try {
        result = await options.ai.run(
          model,
          { query, contexts: documents.map((text) => ({ text })), top_k: documents.length },
          opts?.signal ? { signal: opts.signal } : undefined,
        );
      } catch (error) {
        const category = opts?.signal?.aborted ? 'rerank_timeout' : 'rerank_error';
        throw new RerankError(category, `${where}: call failed`, { cause: error });
      }
      const pairs = arrayField(result, 'response', where).map((r) => ({ index: r.id, score: r.score }));
      return scoresFromPairs(pairs, documents.length, where);
    },
  };
}
