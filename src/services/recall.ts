// Recall service: embed the query within the time budget (or degrade to lexical and say so), fetch both lanes
// in one RPC, post-rank purely, and do the bookkeeping after the answer.
import { requireSubject } from '../access/index.ts';
import type { Memory, RecallMode, RecallRequest, RecallResponse } from '../contract/index.ts';
import { AppError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import type { Principal } from '../core/principal.ts';
import type { Embedder } from '../ports/embedder.ts';
import { type MetricsSink, noopMetrics } from '../ports/metrics.ts';
import type { ActiveModel, MemoryStore, RecallRow } from '../ports/store.ts';
import {
  type Candidate,
  normalizeQuery,
  type RankWeights,
  rankRecall,
  resolveRankWeights,
} from '../recall/index.ts';
import { createRecallBookkeeping } from './recall-bookkeeping.ts';

export interface RecallServiceDeps {
  store: MemoryStore;
  /** Already wrapped with the strict time budget; null: lexical only. */
  embedder: Embedder | null;
  logger: Logger;
  weights?: RankWeights;
  now?: () => Date;
  /** Runs bookkeeping after the response (Workers: ctx.waitUntil); default: fire and forget. */
  defer?: (work: Promise<unknown>) => void;
  /** How long the active model (and its threshold) is cached; model changes are rare. */
  modelCacheMs?: number;
  /** Each lane fetches this many candidates per requested item, so fusion has overlap to work with. */
  candidatesPerItem?: number;
  /** Latency, degradations and filter drops of each recall (counts and reasons only). */
  metrics?: MetricsSink;
}

const DEFAULT_LIMIT = 8;

export function toCandidate(memory: Memory, row?: RecallRow): Candidate {
  return {
    id: memory.id,
    subject: memory.subject,
    kind: memory.kind,
    content: memory.content,
    tags: memory.tags,
    trust: memory.trust,
    importance: memory.importance,
    confidence: memory.confidence,
    created_at: memory.created_at,
    source: memory.source,
    key: memory.key ?? null,
    facet: memory.facet ?? null,
    polarity: memory.polarity ?? null,
    trigger: memory.trigger ?? null,
    language: memory.language,
    vector_similarity: row?.vectorSimilarity ?? null,
    vector_rank: row?.vectorRank ?? null,
    lexical_rank: row?.lexicalRank ?? null,
    lexical_score: row?.lexicalScore ?? null,
  };
}

export function createRecallService(deps: RecallServiceDeps) {
  const configuredWeights = deps.weights ?? resolveRankWeights();
  /**
   * The weights of one recall: the model's measured fusion (vector lane weight, RRF k) when it has one and the
   * service was not given explicit weights; the configured weights otherwise.
   */
  const weightsFor = (model: ActiveModel | null): RankWeights =>
    model?.fusion && !deps.weights
      ? {
          ...configuredWeights,
          lanes: { ...configuredWeights.lanes, vector: model.fusion.vectorWeight },
          k: model.fusion.rrfK,
        }
      : configuredWeights;
  const now = deps.now ?? (() => new Date());
  const modelCacheMs = deps.modelCacheMs ?? 30_000;
  const perItem = deps.candidatesPerItem ?? 3;
  const metrics = deps.metrics ?? noopMetrics;
  const defer =
    deps.defer ??
    ((work: Promise<unknown>) => {
      void work.catch(() => deps.logger.warn('recall.bookkeeping_failed'));
    });
  const bookkeeping = deps.defer ? null : createRecallBookkeeping(deps.store, deps.logger);
  let modelCache: { at: number; model: ActiveModel | null } | null = null;

  /** The model reads use, cached for `modelCacheMs`; `maxAgeMs` asks for a fresher value than that. */
  async function activeModel(maxAgeMs = modelCacheMs): Promise<ActiveModel | null> {
    if (modelCache && Date.now() - modelCache.at < maxAgeMs) return modelCache.model;
    const model = await deps.store.withOperator((op) => op.activeModel());
    modelCache = { at: Date.now(), model };
    return model;
  }

  /** The query vector, or why there is none (the answer then says it degraded). */
  async function embedQuery(
    query: string,
    mode: RecallMode,
  ): Promise<{ vector: number[] | null; model: ActiveModel | null; failure: string | null }> {
    if (mode === 'lexical') return { vector: null, model: null, failure: null };
    if (!deps.embedder) return { vector: null, model: null, failure: 'embedding_unavailable' };
    const [model, vector] = await Promise.all([
      activeModel(),
      deps.embedder.embedQuery(query).then(
        (v) => v,
        (error: unknown) => (error as { category?: string }).category ?? 'embedding_error',
      ),
    ]);
    if (typeof vector === 'string') return { vector: null, model, failure: vector };
    // A cached model that is not the embedder's may be stale: reads may have just moved to this embedder's model
    // (a re-embed switched them in a cron run or from the CLI). It is re-read before the recall degrades, since the
    // cache lives as long as the process or isolate. That costs one transaction per recall only while a model
    // change is under way (the embedder already on the new model, reads still on the old one).
    const current = model?.model === deps.embedder.model ? model : await activeModel(0);
    // A vector from another model than the one reads use is never compared with the stored ones.
    if (!current || current.model !== deps.embedder.model)
      return { vector: null, model: current, failure: 'model_mismatch' };
    return { vector, model: current, failure: null };
  }

  return {
    async recall(principal: Principal, request: RecallRequest): Promise<RecallResponse> {
      requireSubject(principal, request.subject);
      const started = performance.now();
      const query = normalizeQuery(request.query);
      if (query === '') throw new AppError('invalid_request', 'query is empty', { field: 'query' });
      const requestedMode = request.mode ?? 'hybrid';
      const limit = request.limit ?? DEFAULT_LIMIT;

      const embedded = await embedQuery(query, requestedMode);
      const embedMs = performance.now() - started;
      const mode: RecallMode = embedded.vector ? requestedMode : 'lexical';
      if (embedded.failure) {
        deps.logger.warn('recall.degraded', { reason: embedded.failure, requested_mode: requestedMode });
      }

      // Lexical recalls (asked for, or degraded) rank with the active model's k too, so that a degraded answer
      // orders its lexical candidates exactly as the hybrid would have.
      const weights = weightsFor(embedded.model ?? (await activeModel().catch(() => null)));
      const searchStarted = performance.now();
      const { rows, rules } = await deps.store.withTenant(principal, async (tx) => {
        const rows = await tx.recallCandidates({
          subject: request.subject,
          query,
          vector:
            embedded.vector && embedded.model
              ? { model: embedded.model.model, vector: embedded.vector }
              : undefined,
          mode,
          candidates: Math.min(limit * perItem, 150),
          kinds: request.kinds,
          tags: request.tags,
          session: request.session,
          minTrust: request.min_trust,
          minImportance: request.min_importance,
          since: request.since,
          until: request.until,
          language: request.language,
          minSimilarity: embedded.model?.threshold ?? null,
          weights: { vector: weights.lanes.vector, lexical: weights.lanes.lexical, k: weights.k },
        });
        const rules = await tx.subjectRules(request.subject);
        return { rows, rules };
      });
      const searchMs = performance.now() - searchStarted;

      const ranked = rankRecall({
        vectorCandidates: rows
          .filter((r) => r.vectorRank !== null)
          .sort((a, b) => a.vectorRank! - b.vectorRank!)
          .map((r) => toCandidate(r.memory, r)),
        lexicalCandidates: rows
          .filter((r) => r.lexicalRank !== null)
          .sort((a, b) => a.lexicalRank! - b.lexicalRank!)
          .map((r) => toCandidate(r.memory, r)),
        ruleCandidates: rules.map((m) => toCandidate(m)),
        query,
        mode,
        threshold: embedded.model?.threshold ?? null,
        now: now(),
        weights,
        budget: request.budget ?? {},
        explain: request.explain ?? false,
      });

      const returned = [...new Set([...ranked.items.map((i) => i.id), ...ranked.rules.map((r) => r.id)])];
      const recallId = crypto.randomUUID();
      // After the answer: recall counts, and the recall event (returned ids) that feedback refers to; batched
      // across recalls unless the runtime needs each request's work handed over (Workers).
      if (bookkeeping) {
        bookkeeping.add({ scope: principal, recallId, subject: request.subject, returned });
      } else {
        defer(
          deps.store.withTenant(principal, async (tx) => {
            if (returned.length > 0) await tx.markRecalled(returned);
            await tx.recordRecall(recallId, request.subject, returned);
          }),
        );
      }
      metrics.record({
        type: 'recall',
        durationMs: performance.now() - started,
        mode,
        degradedReason: embedded.failure,
        dropped: Object.fromEntries(
          Object.entries(ranked.dropped).map(([reason, ids]) => [reason, ids.length]),
        ),
        returned: returned.length,
      });
      const degraded = embedded.failure ? { reason: embedded.failure, lanes: ['lexical'] } : null;
      return {
        items: ranked.items,
        rules: ranked.rules,
        context: ranked.context,
        degraded,
        recall_id: recallId,
        model: embedded.vector ? (embedded.model?.model ?? null) : null,
        timing_ms: {
          embed: round(embedMs),
          search: round(searchMs),
          total: round(performance.now() - started),
        },
      };
    },
  };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

export type RecallService = ReturnType<typeof createRecallService>;
