// Recall service: embed the query within the time budget (or degrade to lexical and say so), fetch both lanes
// in one RPC, post-rank purely, and do the bookkeeping after the answer.
import { requireSubject } from '../access/index.ts';
import type { LexicalLane, Memory, RecallMode, RecallRequest, RecallResponse } from '../contract/index.ts';
import { AppError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import type { Principal } from '../core/principal.ts';
import { detectLanguage, UNDETERMINED } from '../language/index.ts';
import type { Embedder } from '../ports/embedder.ts';
import { type MetricsSink, noopMetrics } from '../ports/metrics.ts';
import type { Reranker } from '../ports/reranker.ts';
import type { ActiveModel, LexicalQuery, MemoryStore, TenantStore } from '../ports/store.ts';
import {
  type Candidate,
  normalizeQuery,
  type RankWeights,
  rankRecall,
  resolveRankWeights,
} from '../recall/index.ts';
import { INTENT_EXAMPLES_LANGUAGE } from '../recall/intent-exemplars.ts';
import { type IntentExemplars, queryIntentMargin } from '../recall/query-intent.ts';
import { slotKeys } from '../recall/slot-question.ts';
import { createIntentExemplarCache } from './intent-exemplars.ts';
import { createRecallBookkeeping, writeRecallRecord } from './recall-bookkeeping.ts';
import { rerankRows } from './rerank-step.ts';

/** The query-level floor's judgement of a query: its memory-seeking margin and the model's cut (null: none). */
type Intent = { margin: number; floor: number } | null;

/** What that judgement is made from: the model's cut, the example questions' vectors and the query's. */
interface IntentBasis {
  floor: number;
  exemplars: IntentExemplars;
  vector: number[];
}

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
  /** The optional reranking stage (already wrapped with its time budget); null or absent: off. */
  reranker?: Reranker | null;
  /** How many of the best fused candidates the reranker reads (default 20). */
  rerankCandidates?: number;
}

const DEFAULT_LIMIT = 8;

/**
 * How long the query's embedding must take, recently, for the lexical lane to run beside it. The lane's own
 * transaction costs about a millisecond before its statement is on the wire, and a few round trips: that pays beside
 * the local blend's ~10 ms and a hosted model's tens, not beside the word-vector model's 0.06 ms, where it has
 * nothing to hide behind (`engram bench` at 10k counted 124 recalls/s at one client against 147 without it, in runs
 * minutes apart on a drifting machine: docs/benchmarks/recall-sql.md).
 */
const LANE_BESIDE_MIN_EMBED_MS = 4;

/** A rule memory (subject_rules sends full memories, with no lane evidence) as a ranking candidate. */
export function toCandidate(memory: Memory): Candidate {
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
  // Two a requested item (three until 2026-12-03): the same LoCoMo and lived-in figures at 2 and at 1.5 (a tenth of
  // LoCoMo's top tens reorder among near-ties, no metric moves), and at LoCoMo size the store call 11.8 -> 9.5 ms
  // p50, the whole recall 24.2 -> 22.4 ms (docs/benchmarks/recall-sql.md).
  const perItem = deps.candidatesPerItem ?? 2;
  const metrics = deps.metrics ?? noopMetrics;
  const defer =
    deps.defer ??
    ((work: Promise<unknown>) => {
      void work.catch(() => deps.logger.warn('recall.bookkeeping_failed'));
    });
  const bookkeeping = deps.defer ? null : createRecallBookkeeping(deps.store, deps.logger);
  const intentExemplars = deps.embedder ? createIntentExemplarCache(deps.embedder, deps.logger) : null;
  let modelCache: { at: number; model: ActiveModel | null } | null = null;
  // The last few query embeddings' durations: their median says how long the next one will take (one slow first call
  // or pause does not move it).
  const recentEmbedMs: number[] = [];
  const noteEmbedding = (ms: number) => {
    recentEmbedMs.push(ms);
    if (recentEmbedMs.length > 5) recentEmbedMs.shift();
  };
  /** Whether the lexical lane runs beside this recall's embedding (before any was timed: a hosted model's only). */
  const laneBesideEmbedding = (): boolean => {
    if (!deps.embedder) return false;
    if (recentEmbedMs.length === 0) return !deps.embedder.inProcess;
    const sorted = [...recentEmbedMs].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]! >= LANE_BESIDE_MIN_EMBED_MS;
  };

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
    knownModel?: ActiveModel,
  ): Promise<{ vector: number[] | null; model: ActiveModel | null; failure: string | null }> {
    if (mode === 'lexical') return { vector: null, model: null, failure: null };
    if (!deps.embedder) return { vector: null, model: null, failure: 'embedding_unavailable' };
    // Nothing in the query that the model represents (e.g. CJK words the local model lacks): any similarity
    // would be chance, so the vector lane gives no evidence and the answer says so.
    if (deps.embedder.knows && !deps.embedder.knows(query))
      return { vector: null, model: null, failure: 'query_out_of_vocabulary' };
    const embedStarted = performance.now();
    const [model, vector] = await Promise.all([
      knownModel ?? activeModel(),
      deps.embedder.embedQuery(query).then(
        (v) => {
          noteEmbedding(performance.now() - embedStarted);
          return v;
        },
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

  /**
   * What the query-level floor judges a query by (src/recall/query-intent.ts): the model's floor and the example
   * questions' vectors, or null when the model has none or the examples could not be embedded (the recall then
   * answers as without it), and when the query is in another language than the examples: their margin means
   * nothing there (with the local blend it refused 5 of 12 Spanish, German, French, Portuguese, Italian and Dutch
   * questions about the asker's own life). The examples are embedded once per process or isolate, so this is I/O
   * on a first recall only; the margin itself is CPU work, computed while the store call runs (searchAndJudge).
   */
  async function intentBasis(
    vector: number[] | null,
    model: ActiveModel | null,
    language: string | undefined,
  ): Promise<IntentBasis | null> {
    const floor = model?.floor?.intent ?? null;
    if (floor === null || vector === null || !intentExemplars || model?.model !== intentExemplars.model)
      return null;
    // A tag such as en-GB is English.
    if (language !== undefined && language.split('-')[0] !== INTENT_EXAMPLES_LANGUAGE) return null;
    const exemplars = await intentExemplars.get().catch(() => null);
    return exemplars ? { floor, exemplars, vector } : null;
  }

  /**
   * Starts the lexical lane of one recall in its own tenant transaction. `sent` settles once the lane's statement has
   * been handed to the driver (or the transaction failed before it), `lane` with the lane; a failure surfaces where
   * `lane` is awaited, as the recall's own store call would have failed.
   */
  function startLexicalLane(
    principal: Principal,
    query: LexicalQuery,
  ): { sent: Promise<void>; lane: Promise<LexicalLane> } {
    let markSent!: () => void;
    const sent = new Promise<void>((resolve) => {
      markSent = resolve;
    });
    const lane = deps.store.withTenant(principal, (tx) => {
      const running = tx.lexicalCandidates(query);
      markSent();
      return running;
    });
    lane.then(markSent, markSent);
    return { sent, lane };
  }

  return {
    /**
     * Embeds the query-intent examples ahead of the first recall when the active model has a query-level floor
     * (1.5-1.9 s with the local blend on a quiet machine); the Node server calls it at start. Never throws.
     */
    async warm(): Promise<void> {
      const model = await activeModel().catch(() => null);
      if (model?.floor?.intent != null && model.model === intentExemplars?.model)
        await intentExemplars.get().catch(() => undefined);
    },
    /** Writes the batched bookkeeping now, so that feedback on a recall just answered finds its event. */
    settleBookkeeping: (): Promise<void> => bookkeeping?.flush() ?? Promise.resolve(),
    async recall(principal: Principal, request: RecallRequest): Promise<RecallResponse> {
      requireSubject(principal, request.subject);
      const started = performance.now();
      const query = normalizeQuery(request.query);
      if (query === '') throw new AppError('invalid_request', 'query is empty', { field: 'query' });
      const requestedMode = request.mode ?? 'hybrid';
      const limit = request.limit ?? DEFAULT_LIMIT;

      const language = request.language ?? (await queryLanguage(query));
      const lanes = {
        subject: request.subject,
        query,
        candidates: Math.min(limit * perItem, 150),
        kinds: request.kinds,
        tags: request.tags,
        session: request.session,
        minTrust: request.min_trust,
        minImportance: request.min_importance,
        since: request.since,
        until: request.until,
        language,
      };
      // The lexical lane needs no query vector, so it runs beside the embedding: at LoCoMo size it was about 4 ms of
      // a 10 ms store call that waited for a ~10 ms embedding (issue 18, docs/benchmarks/recall-sql.md). A lexical
      // recall, or one whose embedding is quick (LANE_BESIDE_MIN_EMBED_MS), has nothing to overlap:
      // recall_candidates runs its lane itself.
      const besideEmbedding = requestedMode === 'hybrid' && laneBesideEmbedding();
      // A direct question about one of the user's slots ("What's my title?") names the keys that answer it: their
      // memories are candidates whatever the lanes find (recall_candidates' key lane).
      const keys = slotKeys(query);
      const laneQuery: LexicalQuery = { ...lanes, shares: true };

      /**
       * The query's vector and weights: everything the store call needs that is not in the database; and what the
       * query-level floor judges it by (a slot question seeks a memory by construction: nothing to judge).
       */
      const prepare = async (knownModel?: ActiveModel) => {
        const embedded = await embedQuery(query, requestedMode, knownModel);
        const embedMs = performance.now() - started;
        const intentFrom =
          keys.length > 0 ? null : await intentBasis(embedded.vector, embedded.model, language);
        const mode: RecallMode = embedded.vector ? requestedMode : 'lexical';
        if (embedded.failure) {
          deps.logger.warn('recall.degraded', { reason: embedded.failure, requested_mode: requestedMode });
        }
        // Lexical recalls (asked for, or degraded) rank with the active model's k too, so that a degraded answer
        // orders its lexical candidates exactly as the hybrid would have.
        const weights = weightsFor(embedded.model ?? knownModel ?? (await activeModel().catch(() => null)));
        return { embedded, embedMs, mode, weights, intentFrom };
      };
      type Prepared = Awaited<ReturnType<typeof prepare>>;
      /**
       * Runs the store call and, while the database works on it, the query-level floor's judgement of the query.
       * Post-ranking needs the judgement and the store call does not; it is CPU work (430 example vectors against
       * the query's, ~0.5 ms at LoCoMo size) that used to run before the call went on the wire. Its I/O (the
       * examples, embedded on a first recall) stays in prepare, outside any transaction a hosted model's recall
       * opens.
       */
      const searchAndJudge = async (
        tx: TenantStore,
        prepared: Prepared,
        lexicalLane?: LexicalLane,
      ): Promise<{ found: Awaited<ReturnType<TenantStore['recallWithRules']>>; intent: Intent }> => {
        const searching = search(tx, prepared, lexicalLane);
        // Awaited below unless the margin throws (examples of one class only); the transaction then fails.
        searching.catch(() => undefined);
        const basis = prepared.intentFrom;
        const intent = basis
          ? { margin: queryIntentMargin(query, basis.vector, basis.exemplars), floor: basis.floor }
          : null;
        return { found: await searching, intent };
      };
      const search = (tx: TenantStore, { embedded, mode, weights }: Prepared, lexicalLane?: LexicalLane) =>
        tx.recallWithRules({
          ...lanes,
          vector:
            embedded.vector && embedded.model
              ? { model: embedded.model.model, vector: embedded.vector }
              : undefined,
          mode,
          minSimilarity: embedded.model?.threshold ?? null,
          weights: {
            vector: weights.lanes.vector,
            lexical: weights.lanes.lexical,
            durableVector: weights.durableLanes.vector,
            durableLexical: weights.durableLanes.lexical,
            k: weights.k,
          },
          lexical: lexicalLane,
          keys,
        });

      // An in-process model holds the event loop while it embeds, so the lane's statement goes on the wire first
      // and the database scores it while the model runs; the store call then follows in the same transaction (one
      // begin, one set of settings, one commit: two transactions cost about 3% of a LoCoMo-size recall,
      // docs/benchmarks/recall-sql.md). The model is read before it (cached), since a read inside would need a
      // second connection, which PGlite does not have.
      const knownModel = besideEmbedding && deps.embedder?.inProcess ? await activeModel() : null;
      let prepared: Prepared;
      let found: Awaited<ReturnType<TenantStore['recallWithRules']>>;
      let intent: Intent;
      let searchMs: number;
      if (knownModel && knownModel.model === deps.embedder?.model) {
        ({ prepared, found, intent, searchMs } = await deps.store.withTenant(principal, async (tx) => {
          const lane = tx.lexicalCandidates(laneQuery);
          // Awaited below unless preparing throws; the transaction then rolls back and this rejection is moot.
          lane.catch(() => undefined);
          const prepared = await prepare(knownModel);
          const searchStarted = performance.now();
          const { found, intent } = await searchAndJudge(tx, prepared, await lane);
          return { prepared, found, intent, searchMs: performance.now() - searchStarted };
        }));
      } else {
        // A hosted model's call waits on I/O and starts at once, the lane in a transaction of its own beside it
        // (one transaction would hold its connection, idle, for the model's tens of milliseconds). An in-process
        // model lands here only while a model change is under way (the cached model is not the embedder's): its
        // lane goes on the wire first, and embedQuery re-reads the model outside any transaction.
        const lexical = besideEmbedding ? startLexicalLane(principal, laneQuery) : null;
        if (lexical && deps.embedder?.inProcess) await lexical.sent;
        prepared = await prepare();
        const searchStarted = performance.now();
        const lexicalLane = lexical ? await lexical.lane : undefined;
        ({ found, intent } = await deps.store.withTenant(principal, (tx) =>
          searchAndJudge(tx, prepared, lexicalLane),
        ));
        searchMs = performance.now() - searchStarted;
      }
      const { embedded, embedMs, mode, weights } = prepared;
      const { rows, rules } = found;
      const reranked = await rerankRows(
        deps.reranker ?? null,
        query,
        rows,
        deps.rerankCandidates ?? 20,
        deps.logger,
      );

      // The rows are fused already, per memory (recall_candidates is the one place that fuses): post-ranking only.
      const ranked = rankRecall({
        candidates: rows,
        ruleCandidates: rules.map((m) => toCandidate(m)),
        query,
        mode,
        threshold: embedded.model?.threshold ?? null,
        now: now(),
        weights,
        budget: request.budget ?? {},
        explain: request.explain ?? false,
        relevance: reranked.relevance,
        // The floor weighs the model's similarities, so it applies when the vector lane ran; a lexical recall (asked
        // for, or degraded) keeps what full text found.
        floor: embedded.vector ? (embedded.model?.floor ?? null) : null,
        intent,
      });

      const returned = [...new Set([...ranked.items.map((i) => i.id), ...ranked.rules.map((r) => r.id)])];
      const recallId = crypto.randomUUID();
      // After the answer: the recall event (returned ids) that feedback refers to, and recall counts; batched
      // across recalls unless the runtime needs each request's work handed over (Workers).
      const record = { recallId, subject: request.subject, returned };
      if (bookkeeping) bookkeeping.add({ scope: principal, ...record });
      else defer(deps.store.withTenant(principal, (tx) => writeRecallRecord(tx, record)));
      metrics.record({
        type: 'recall',
        durationMs: performance.now() - started,
        mode,
        degradedReason: embedded.failure ?? reranked.failure,
        dropped: Object.fromEntries(
          Object.entries(ranked.dropped).map(([reason, ids]) => [reason, ids.length]),
        ),
        returned: returned.length,
      });
      // An embedding failure says which lanes answered; a rerank failure alone leaves both lanes, unreranked.
      const degraded = embedded.failure
        ? { reason: embedded.failure, lanes: ['lexical'] }
        : reranked.failure
          ? { reason: reranked.failure, lanes: mode === 'hybrid' ? ['vector', 'lexical'] : [mode] }
          : null;
      return {
        items: ranked.items,
        rules: ranked.rules,
        context: ranked.context,
        degraded,
        ...(ranked.nothing_relevant ? { nothing_relevant: true } : {}),
        recall_id: recallId,
        model: embedded.vector ? (embedded.model?.model ?? null) : null,
        timing_ms: {
          embed: round(embedMs),
          search: round(searchMs),
          ...(deps.reranker ? { rerank: round(reranked.ms) } : {}),
          total: round(performance.now() - started),
        },
        ...(request.explain ? { dropped: ranked.dropped_items } : {}),
        ...(request.explain && intent ? { intent } : {}),
      };
    },
  };
}

/**
 * The language a query's words are stemmed in when the request names none: the detected one, or undefined when
 * it cannot be told (short questions often cannot), which the database reads as English, the default on main.
 * Words as written and CJK bigrams match whatever the language.
 */
export async function queryLanguage(query: string): Promise<string | undefined> {
  const language = await detectLanguage(query);
  return language === UNDETERMINED ? undefined : language;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

export type RecallService = ReturnType<typeof createRecallService>;
