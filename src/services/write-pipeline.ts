// The write pipeline every memory write goes through (remember, batch, replace, ingest): the gate, once per item;
// the record; the vector within the embedder's budget, or none (stored as pending, the backfill fills it later);
// then the store. Depends on ports and the pure language detector only.
import type { Memory, MemoryInput } from '../contract/index.ts';
import type { Logger } from '../core/logger.ts';
import type { Principal } from '../core/principal.ts';
import { type PiiPolicy, PiiPolicySchema } from '../gate/index.ts';
import { detectLanguage, UNDETERMINED } from '../language/index.ts';
import { type Embedder, embeddingTextOf } from '../ports/embedder.ts';
import type { CallerContext, GateReason, GateResult, WriteGate } from '../ports/gate.ts';
import { type MetricsSink, noopMetrics } from '../ports/metrics.ts';
import type { MemoryRecord, MemoryStore, StoredVector, WriteOutcome } from '../ports/store.ts';
import {
  type Accepted,
  defaultSourceOf,
  memoryRecord,
  type RecordOptions,
  requestHashOf,
} from './memory-record.ts';

export interface WritePipelineDeps {
  store: MemoryStore;
  gate: WriteGate;
  /** Already wrapped with the strict time budget; null when no embedder is configured (lexical only). */
  embedder: Embedder | null;
  logger: Logger;
  now?: (() => Date) | undefined;
  /** Gate rejections by reason (counts only). */
  metrics?: MetricsSink | undefined;
}

/** A memory input with the gate's verdict on it. */
export interface Screened {
  input: MemoryInput;
  verdict: GateResult;
}

/** What the store writes for one accepted memory: the record, and its vector unless it is to be pending. */
export interface Prepared {
  record: MemoryRecord;
  vector: StoredVector | undefined;
}

/** A batch ready to store: its screened inputs, where the accepted ones are, and what the store writes for them. */
export interface Staged {
  screened: readonly Screened[];
  /** The position in `screened` of each accepted input, in order; `prepared` is aligned with it. */
  acceptedAt: number[];
  prepared: Prepared[];
}

export type RememberResult =
  | { decision: 'accepted'; memory: Memory; trust: number; flags: string[]; superseded: string[] }
  | { decision: 'duplicate'; memory: Memory }
  | { decision: 'merged'; memory: Memory }
  | { decision: 'rejected'; reasons: GateReason[] };

/** The caller's rights as the gate sees them (trust depends on them, never on the request body). */
export function callerContextOf(principal: Principal): CallerContext {
  return { auth: principal.kind, scopes: [...principal.scopes] };
}

/**
 * The language of a memory written without one (it picks the stemmer of its full text): detected on the content;
 * when the content alone is too short to tell, on the content with its context (a chat turn's neighbours), which
 * are in the same conversation. `und` when neither tells: indexed with `simple`, never a guessed stemmer.
 */
export async function languageOf(content: string, contextText?: string): Promise<string> {
  const language = await detectLanguage(content);
  if (language !== UNDETERMINED || !contextText) return language;
  return detectLanguage(`${content}\n${contextText}`);
}

/** How long a tenant's PII policy is reused before it is read again (a policy change applies within this). */
const PII_POLICY_CACHE_MS = 5_000;

/** A batch that creates at least this many rows asks the store whether statistics are stale (a cheap check). */
export const STATISTICS_CHECK_ROWS = 100;

export function createWritePipeline(deps: WritePipelineDeps) {
  const now = deps.now ?? (() => new Date());
  const metrics = deps.metrics ?? noopMetrics;
  const policies = new Map<string, { at: number; policy: PiiPolicy }>();

  /**
   * The tenant's PII policy, for every write path (remember, batch, replace, ingest all screen here). A stored
   * policy that no longer validates falls back to the defaults, which reject government ids and cards.
   */
  async function piiPolicyOf(principal: Principal): Promise<PiiPolicy> {
    const cached = policies.get(principal.tenantId);
    if (cached && Date.now() - cached.at < PII_POLICY_CACHE_MS) return cached.policy;
    const stored = await deps.store.withTenant(principal, (tx) => tx.piiPolicy());
    const parsed = PiiPolicySchema.safeParse(stored);
    const policy = parsed.success ? parsed.data : {};
    if (policies.size > 10_000) policies.clear();
    policies.set(principal.tenantId, { at: Date.now(), policy });
    return policy;
  }

  // Large loads refresh the planner's statistics (issue 18 item 5): after 20k memories written through the batch
  // route on a server with autovacuum off, each recall took ~2 s until an ANALYZE. Off the answer's path, one at
  // a time per process; the store decides whether enough changed.
  let refreshing: Promise<unknown> | null = null;
  function refreshStatisticsSoon(): void {
    if (refreshing) return;
    refreshing = deps.store
      .refreshStatistics()
      .catch((error: unknown) =>
        deps.logger.warn('write.statistics_refresh_failed', { error: (error as Error).name ?? 'Error' }),
      )
      .finally(() => {
        refreshing = null;
      });
  }

  /** Vectors for `texts` within the budget, or null on timeout or error: the memories are then stored pending. */
  async function embedOrPending(texts: string[]): Promise<number[][] | null> {
    if (!deps.embedder || texts.length === 0) return null;
    try {
      return await deps.embedder.embedDocuments(texts);
    } catch (error) {
      deps.logger.warn('write.embedding_deferred', {
        provider: deps.embedder.provider,
        category: (error as { category?: string }).category ?? 'embedding_error',
        count: texts.length,
      });
      return null;
    }
  }

  /** Step 1: the gate's verdict on each input, in order; rejections are counted by reason. */
  async function screen(
    principal: Principal,
    inputs: readonly MemoryInput[],
    /** The tenant's policy when the caller read it already (a batch screened in chunks reads it once). */
    policy?: PiiPolicy,
  ): Promise<Screened[]> {
    const caller = callerContextOf(principal);
    const piiPolicy = policy ?? (await piiPolicyOf(principal));
    return Promise.all(
      inputs.map(async (input) => {
        const verdict = await deps.gate(input, caller, { now: now(), piiPolicy });
        if (verdict.decision === 'rejected')
          metrics.record({ type: 'gate_rejection', reasons: verdict.reasons.map((r) => r.code) });
        return { input, verdict };
      }),
    );
  }

  /** Steps 2 and 3 for accepted memories: their records, and their vectors embedded in one batch. */
  async function prepare(
    principal: Principal,
    accepted: readonly { input: MemoryInput; verdict: Accepted }[],
    options: readonly RecordOptions[] = [],
  ): Promise<Prepared[]> {
    const [vectors, languages] = await Promise.all([
      embedOrPending(
        accepted.map(({ input, verdict }) =>
          embeddingTextOf({ ...input, content: verdict.normalizedContent }),
        ),
      ),
      Promise.all(
        accepted.map(
          ({ input, verdict }, i) =>
            input.language ?? languageOf(verdict.normalizedContent, options[i]?.contextText),
        ),
      ),
    ]);
    const fallbackSource = defaultSourceOf(principal);
    const withHashes = await Promise.all(
      accepted.map(async ({ input }, i) => {
        const given = options[i] ?? {};
        return given.idempotencyKey && !given.requestHash
          ? { ...given, requestHash: await requestHashOf(input, fallbackSource) }
          : given;
      }),
    );
    return accepted.map(({ input, verdict }, i) => ({
      record: memoryRecord({ ...input, language: languages[i] }, verdict, withHashes[i]!, fallbackSource),
      vector: vectors && deps.embedder ? { model: deps.embedder.model, vector: vectors[i]! } : undefined,
    }));
  }

  /**
   * Steps 2 and 3 of remember for screened inputs: what step 4 stores. Reads nothing the write decides on, so a
   * batch stages its next chunk while the store writes the last one (rememberBatch).
   */
  async function stage(
    principal: Principal,
    screened: readonly Screened[],
    options: readonly RecordOptions[] = [],
  ): Promise<Staged> {
    const accepted = screened.flatMap((s, i) =>
      s.verdict.decision === 'accepted' ? [{ index: i, input: s.input, verdict: s.verdict }] : [],
    );
    const prepared = await prepare(
      principal,
      accepted,
      accepted.map((a) => options[a.index] ?? {}),
    );
    return { screened, acceptedAt: accepted.map((a) => a.index), prepared };
  }

  /**
   * Step 4: stores what the gate accepted in one transaction, after the vectors were embedded (never inside it).
   * One result per screened input, in order.
   */
  async function store(principal: Principal, staged: Staged): Promise<RememberResult[]> {
    // One set-based call for the whole batch (engram.write_memories): a per-item write_memory call was most of
    // a batch's time above the vector index (see docs/benchmarks/ingest.md).
    const outcomes =
      staged.prepared.length === 0
        ? []
        : await deps.store.withTenant(principal, (tx) => tx.writeMemories(staged.prepared));
    return afterWrite([resultsOf(staged, outcomes)]);
  }

  /**
   * Steps 1 to 4 for a batch of inputs, stored in one transaction (all of it or none). When staging is this
   * process's own work (an in-process embedder, or none), the batch goes in chunks of PIPELINE_CHUNK: the database
   * writes one chunk while this process screens and stages the next, all in the same transaction, so that a
   * batch costs about the larger of the two sides instead of their sum (issue 18 item 3). A hosted embedder is
   * called once for the whole batch before the transaction, as in `store`: a network call never holds a
   * transaction open. Chunks are written in input order, so dedupe meets the items as one statement would.
   */
  async function rememberBatch(
    principal: Principal,
    inputs: readonly MemoryInput[],
    options: readonly RecordOptions[] = [],
  ): Promise<RememberResult[]> {
    // Read before the transaction opens: the policy read is a transaction of its own, which inside the batch's
    // would wait for a second connection (PGlite has one) whenever the 5 s cache ran out mid-batch.
    const policy = await piiPolicyOf(principal);
    const stageFrom = async (from: number, size: number) =>
      stage(
        principal,
        await screen(principal, inputs.slice(from, from + size), policy),
        options.slice(from, from + size),
      );
    if (!stagesInProcess(deps.embedder) || inputs.length <= PIPELINE_CHUNK)
      return store(principal, await stageFrom(0, inputs.length));
    let staged: Staged | null = await stageFrom(0, PIPELINE_CHUNK);
    const parts = await deps.store.withTenant(principal, async (tx) => {
      const done: RememberResult[][] = [];
      for (let next = PIPELINE_CHUNK; staged; next += PIPELINE_CHUNK) {
        const current: Staged = staged;
        const writing =
          current.prepared.length === 0 ? Promise.resolve([]) : tx.writeMemories(current.prepared);
        // Settled below whatever the staging does; until then a failure must not count as unhandled.
        writing.catch(() => {});
        const staging = next < inputs.length ? stageFrom(next, PIPELINE_CHUNK) : Promise.resolve(null);
        staging.catch(() => {});
        done.push(resultsOf(current, await writing));
        staged = await staging;
      }
      return done;
    });
    return afterWrite(parts);
  }

  /** The results of a stored batch; a large one asks for fresh planner statistics (off the answer's path). */
  function afterWrite(parts: readonly RememberResult[][]): RememberResult[] {
    const results = parts.flat();
    if (results.filter((r) => r.decision === 'accepted').length >= STATISTICS_CHECK_ROWS)
      refreshStatisticsSoon();
    return results;
  }

  /** Steps 2 to 4 for remember, batch and ingest. One result per screened input, in order. */
  async function remember(
    principal: Principal,
    screened: readonly Screened[],
    options: readonly RecordOptions[] = [],
  ): Promise<RememberResult[]> {
    return store(principal, await stage(principal, screened, options));
  }

  return { screen, prepare, stage, store, remember, rememberBatch };
}

export type WritePipeline = ReturnType<typeof createWritePipeline>;

/** One result per screened input of a stored batch, in order, from the store's outcomes of its accepted ones. */
function resultsOf(staged: Staged, outcomes: readonly WriteOutcome[]): RememberResult[] {
  const outcomeAt = new Map(staged.acceptedAt.map((index, i) => [index, outcomes[i]!]));
  return staged.screened.map(({ verdict }, i): RememberResult => {
    if (verdict.decision === 'rejected') return { decision: 'rejected', reasons: verdict.reasons };
    const outcome = outcomeAt.get(i)!;
    return outcome.status !== 'created'
      ? { decision: outcome.status, memory: outcome.memory }
      : {
          decision: 'accepted',
          memory: outcome.memory,
          trust: verdict.trust,
          flags: verdict.flags,
          superseded: outcome.superseded,
        };
  });
}

/** Items a chunk of a pipelined batch write (rememberBatch): 5 chunks for the batch route's 500. */
export const PIPELINE_CHUNK = 100;

/**
 * Whether staging a batch is this process's CPU only: no embedder, or one that runs in process (the local
 * models, the deterministic test embedder). A hosted one waits on the network.
 */
function stagesInProcess(embedder: Embedder | null): boolean {
  return embedder === null || embedder.provider === 'local' || embedder.provider === 'fake';
}
