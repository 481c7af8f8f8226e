// The reranker's settings out of the one configuration (ENGRAM_RERANKER & co.): what createReranker builds.
import type { RerankerConfig } from '../rerank/config.ts';
import { WORKERS_AI_RERANK_MODEL } from '../rerank/workers-ai.ts';
import type { EngramConfig } from './schema.ts';

/** The configured reranker; null when reranking is off (the default). */
export function rerankerConfigOf(config: EngramConfig): RerankerConfig | null {
  const timeoutMs = config.ENGRAM_RERANK_TIMEOUT_MS;
  const candidates = config.ENGRAM_RERANK_CANDIDATES;
  switch (config.ENGRAM_RERANKER) {
    case 'none':
      return null;
    case 'http':
      // checkReranker made both required.
      return {
        provider: 'http',
        url: config.ENGRAM_RERANK_URL!,
        model: config.ENGRAM_RERANK_MODEL!,
        apiKey: config.ENGRAM_RERANK_API_KEY,
        timeoutMs,
        candidates,
      };
    case 'workers-ai': {
      const accountId = config.ENGRAM_RERANK_ACCOUNT_ID;
      const apiToken = config.ENGRAM_RERANK_API_KEY;
      return {
        provider: 'workers-ai',
        model: config.ENGRAM_RERANK_MODEL ?? WORKERS_AI_RERANK_MODEL,
        rest: accountId && apiToken ? { accountId, apiToken, baseURL: config.ENGRAM_RERANK_URL } : undefined,
        timeoutMs,
        candidates,
      };
    }
  }
}
