// The reranker port: scores how well each candidate memory answers the query (a cross-encoder reads both texts
// together, which the two search lanes cannot). Optional: recall ranks without it, and falls back to the lanes'
// fusion when it times out or fails. Adapters: Workers AI (binding or REST) and HTTP rerank APIs (Cohere/Jina).

export interface RerankOptions {
  /** Aborts the call; adapters must stop waiting as soon as it fires (the recall time budget depends on it). */
  signal?: AbortSignal;
}

export interface Reranker {
  /** Who serves the model: `workers-ai`, `http`. */
  readonly provider: string;
  /** The model name as the provider knows it, e.g. `@cf/baai/bge-reranker-base` or `rerank-v3.5`. */
  readonly model: string;
  /**
   * One relevance score in [0, 1] per document, in input order (higher: more relevant). Documents the provider
   * did not score (a `top_n` shorter than the input) get 0.
   */
  rerank(query: string, documents: readonly string[], options?: RerankOptions): Promise<number[]>;
}

/** Why a rerank call failed, as a category that is safe to log and to return in `degraded.reason`. */
export type RerankFailure = 'rerank_timeout' | 'rerank_error' | 'rerank_invalid';

export class RerankError extends Error {
  readonly category: RerankFailure;
  constructor(category: RerankFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RerankError';
    this.category = category;
  }
}
