// Reranking over the common HTTP rerank wire format shared by Cohere (`/v2/rerank`), Jina (`/v1/rerank`) and
// self-hosted servers that copy it (text-embeddings-inference's Cohere route, vLLM, Infinity):
// `POST { model, query, documents: [text], top_n }` -> `{ results: [{ index, relevance_score }] }`.
import { RerankError, type Reranker, type RerankOptions } from '../ports/reranker.ts';
import { arrayField, scoresFromPairs } from './scores.ts';

export interface HttpRerankerOptions {
  /** The full endpoint, e.g. https://api.cohere.com/v2/rerank or https://api.jina.ai/v1/rerank. */
  url: string;
  model: string;
  /** Sent as a bearer token when set (a local server may need none). */
  apiKey?: string | undefined;
  fetch?: typeof fetch;
}

export function createHttpReranker(options: HttpRerankerOptions): Reranker {
  const doFetch = options.fetch ?? fetch;
  const where = `http rerank ${options.model}`;
  return {
    provider: 'http',
    model: options.model,
    async rerank(query: string, documents: readonly string[], opts?: RerankOptions) {
      if (documents.length === 0) return [];
      let body: unknown;
      try {
        const response = await doFetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: options.model, query, documents, top_n: documents.length }),
          ...(opts?.signal ? { signal: opts.signal } : {}),
        });
        if (!response.ok) throw new Error(`status ${response.status}`);
        body = await response.json();
      } catch (error) {
        const category = opts?.signal?.aborted ? 'rerank_timeout' : 'rerank_error';
        throw new RerankError(category, `${where}: call failed`, { cause: error });
      }
      const pairs = arrayField(body, 'results', where).map((r) => ({
        index: r.index,
        score: r.relevance_score,
      }));
      return scoresFromPairs(pairs, documents.length, where);
    },
  };
}
