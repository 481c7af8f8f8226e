// What every eval run asks recall through: the real recall service as the Node server runs it, its after-the-answer
// bookkeeping batched (one transaction for the recalls of a short window), so that a recall's measured time does not
// share the machine with a bookkeeping transaction of its own for every earlier recall, which the server does not
// run; database upkeep and the end of a run wait for it (the database is never closed under a write).

import type { RecallRequest } from '../contract/index.ts';
import { silentLogger } from '../core/logger.ts';
import type { Principal } from '../core/principal.ts';
import { createRecallService, type RecallServiceDeps } from '../services/recall.ts';

/** The API's largest recall: 50 candidates, all returned (the default budget would return 3). */
export const RANKING_DEPTH = 50;

/** The request options of a full ranking: `limit` 50 and room for all 50 items, whatever their length. */
export const FULL_RANKING = {
  limit: RANKING_DEPTH,
  budget: { max_items: RANKING_DEPTH, max_chars_per_item: 8000, max_total_chars: 50_000 },
} as const satisfies Pick<RecallRequest, 'limit' | 'budget'>;

/** An eval's caller: an API key of the run's tenant that may read and write. */
export function evalPrincipal(tenantId: string, actor: string): Principal {
  return { kind: 'api_key', tenantId, scopes: ['memories:read', 'memories:write'], actor };
}

export type EvalRecallDeps = Pick<RecallServiceDeps, 'store' | 'embedder'> &
  Partial<Pick<RecallServiceDeps, 'weights' | 'candidatesPerItem'>>;

export function createEvalRecall(deps: EvalRecallDeps) {
  const service = createRecallService({ ...deps, logger: silentLogger });
  return {
    recall: service.recall,
    /** Waits for the bookkeeping of every recall so far. */
    settle: (): Promise<void> => service.settleBookkeeping(),
  };
}
