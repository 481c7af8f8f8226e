// The store port: what services need from the database. Every tenant operation runs inside one transaction
// scoped to one tenant (RLS does the scoping); operator operations run as the operator role.
import type {
  AuditEvent,
  LexicalLane,
  Memory,
  RecallCandidateRow,
  SubjectErasure,
  TenantErasure,
  WriteMemoryResult,
} from '../contract/index.ts';

/** Who acts, for RLS and for the audit trail. */
export interface TenantScope {
  tenantId: string;
  /** e.g. `api_key:<id>`, `jwt:<sub>`, `operator`; written to audit events, never content. */
  actor: string;
}

/** What the write gate accepted, in the shape write_memory takes (snake_case, as stored). */
export interface MemoryRecord {
  subject: string;
  kind: Memory['kind'];
  content: string;
  content_hash: string;
  tags: string[];
  importance?: number | undefined;
  confidence?: number | undefined;
  trust: number;
  source: Memory['source'];
  key?: string | undefined;
  facet?: string | undefined;
  polarity?: Memory['polarity'];
  trigger?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  flags: string[];
  language?: string | undefined;
  context_text?: string | undefined;
  valid_from?: string | undefined;
  expires_at?: string | null | undefined;
  idempotency_key?: string | undefined;
  /** An ingested turn whose extraction was deferred: the extract job retries it. */
  extraction_status?: 'pending' | undefined;
  /** Fingerprint of the request that carried idempotency_key: the same key with another request is a conflict. */
  request_hash?: string | undefined;
}

export interface StoredVector {
  model: string;
  vector: readonly number[];
}

export type WriteOutcome = WriteMemoryResult;

export interface MemoryChain {
  older: string[];
  newer: string[];
}

export interface ListFilter {
  subject?: string | undefined;
  kind?: string | undefined;
  tag?: string | undefined;
  sourceUri?: string | undefined;
  includeRevoked?: boolean;
  includeExpired?: boolean;
  includeSuperseded?: boolean;
  limit: number;
  cursor?: { createdAt: string; id: string } | undefined;
}

export interface LexicalHit {
  memory: Memory;
  score: number;
  rank: number;
}

export interface TenantStore extends ForgettingTenantStore {
  /** The tenant's stored PII policy as JSON (validated by the caller; `{}` when none is set). */
  piiPolicy(): Promise<unknown>;
  writeMemory(record: MemoryRecord, vector?: StoredVector): Promise<WriteOutcome>;
  /**
   * Writes a batch as writeMemory would one after another (same dedupe, supersession and idempotency), runs of
   * plain memories set-based in a few statements. One outcome per item, in order.
   */
  writeMemories(
    items: readonly { record: MemoryRecord; vector?: StoredVector | undefined }[],
  ): Promise<WriteOutcome[]>;
  getMemory(id: string): Promise<(Memory & { chain: MemoryChain }) | null>;
  listMemories(filter: ListFilter): Promise<Memory[]>;
  searchLexical(subject: string, query: string, limit: number, language?: string): Promise<LexicalHit[]>;
  revokeMemory(id: string, reason: string | undefined): Promise<Memory | null>;
  storeEmbedding(memoryId: string, vector: StoredVector): Promise<boolean>;
  markEmbeddingFailed(memoryId: string): Promise<void>;
  // Recall
  recallCandidates(params: RecallQuery): Promise<RecallRow[]>;
  /**
   * The lexical lane alone (engram.lexical_candidates), for `RecallQuery.lexical`: it needs no query vector, so a
   * recall runs it while the query is embedded.
   */
  lexicalCandidates(params: LexicalQuery): Promise<LexicalLane>;
  subjectRules(subject: string): Promise<Memory[]>;
  /** recallCandidates and subjectRules of the query's subject in one statement: what one recall reads. */
  recallWithRules(params: RecallQuery): Promise<{ rows: RecallRow[]; rules: Memory[] }>;
  // Recall events and feedback (ids only)
  /**
   * The bookkeeping of one or several recalls in two statements, whatever their number: every recall event (the
   * subjects' erase locks first, in subject order; an erased subject gets none), then every recall count (an id
   * returned by three recalls counts three).
   */
  recordRecalls(records: readonly RecalledIds[]): Promise<void>;
  /** Null when the recall is not visible (another tenant's, or another subject's when `subject` is given). */
  recordFeedback(
    recallId: string,
    usedIds: readonly string[],
    subject?: string | undefined,
  ): Promise<FeedbackOutcome | null>;
  /** Deletes a subject's recall events (part of erasing the subject); returns how many. */
  eraseRecallEvents(subject: string): Promise<number>;
}

/** One recall's bookkeeping: its id, its subject and the memory ids it returned. */
export interface RecalledIds {
  recallId: string;
  subject: string;
  returned: readonly string[];
}

export interface FeedbackOutcome {
  returned: number;
  usedBefore: number;
  usedAfter: number;
  /** Reported ids the recall never returned (not stored). */
  ignored: number;
  firstFeedback: boolean;
}

/** Parameters of engram.recall_candidates: one subject, both lanes, the filters. */
export interface RecallQuery {
  subject: string;
  query: string;
  vector?: StoredVector | undefined;
  mode: 'hybrid' | 'vector' | 'lexical';
  candidates: number;
  kinds?: string[] | undefined;
  tags?: string[] | undefined;
  session?: string | undefined;
  minTrust?: number | undefined;
  minImportance?: number | undefined;
  since?: string | undefined;
  until?: string | undefined;
  language?: string | undefined;
  minSimilarity?: number | null | undefined;
  /**
   * The fusion's lane weights: `vector` and `lexical` for episodes (and every memory in a single-lane recall),
   * `durableVector` and `durableLexical` for durable memories in a hybrid one; RRF constant `k`.
   */
  weights?:
    | { vector: number; lexical: number; durableVector: number; durableLexical: number; k: number }
    | undefined;
  /**
   * The lexical lane as lexicalCandidates returned it for this same query: recall_candidates then fuses it instead
   * of running the lane again. Absent: recall_candidates runs it.
   */
  lexical?: LexicalLane | undefined;
  /**
   * The keys whose memories answer the query's slot (src/recall/slot-question.ts), lower case, a key or a key's
   * family before ':': recall_candidates' key lane. Absent or empty: no key lane.
   */
  keys?: string[] | undefined;
}

/**
 * What the lexical lane reads of a recall query: its text, subject, filters, language and candidate count, and
 * whether to give each hit's lexical share (what a hybrid recall weighs).
 */
export type LexicalQuery = Omit<
  RecallQuery,
  'vector' | 'mode' | 'minSimilarity' | 'weights' | 'lexical' | 'keys'
> & {
  shares: boolean;
};

/** A row of engram.recall_candidates, as the database sends it (one shape from SQL to the ranking layer). */
export type RecallRow = RecallCandidateRow;

export interface ApiKeyRecord {
  tenantId: string;
  secretHash: string;
  scopes: string[];
  revoked: boolean;
}

export interface ActiveModel {
  model: string;
  provider: string;
  dims: number;
  threshold: number | null;
  /** The model's fusion weights (engram.set_model_fusion); null: the service's defaults. */
  fusion: ModelFusion | null;
  /** The model's relevance floor (engram.set_model_floor); null or absent: none. */
  floor?: RelevanceFloor | null;
}

/**
 * The evidence a memory needs to be returned at all (src/recall/relevance-floor.ts), measured per model: a vector
 * similarity at least `similarity`, or a full-text score at least `lexical`. A null part never passes.
 */
export interface RelevanceFloor {
  similarity: number | null;
  lexical: number | null;
  /**
   * The query-level part: the memory-seeking margin (src/recall/query-intent.ts) under which a recall returns no
   * memory at all. Null or absent: none.
   */
  intent?: number | null;
}

/** What a model ships with (the local model has both), stored when it is registered for the first time. */
export interface ModelDefaults {
  threshold: number | null;
  fusion: ModelFusion | null;
  floor?: RelevanceFloor | null;
}

/** How a model's vector lane is fused with full text, measured per model (docs/benchmarks/locomo-tuning.md). */
export interface ModelFusion {
  /** RRF weight of the vector lane; the lexical lane counts 1. */
  vectorWeight: number;
  /** RRF constant k. */
  rrfK: number;
}

// --- Embedding jobs (backfill, model migration, calibration): cross-tenant work for the operator role. ---
// Kept together so that other jobs' operations can sit beside them without touching these.

/** A memory a job must embed: what embeddingTextOf needs, nothing else. */
export interface EmbeddingTask {
  id: string;
  kind: Memory['kind'];
  content: string;
  tags: string[];
  trigger: string | null;
}

export type EmbeddingModelStatus = 'active' | 'backfilling' | 'retired';

export interface EmbeddingModelInfo {
  model: string;
  provider: string;
  dims: number;
  status: EmbeddingModelStatus;
  threshold: number | null;
  thresholdPrecision: number | null;
  thresholdRecall: number | null;
  calibratedAt: string | null;
  calibrationPlot: string | null;
}

/** Live memories of one model: covered have its vector; failed lack one for good; missing still need one. */
export interface EmbeddingCoverage {
  live: number;
  covered: number;
  failed: number;
  missing: number;
}

export interface ModelSwitch extends EmbeddingCoverage {
  switched: boolean;
  /** The model that served reads before, now retired (null when none or when nothing switched). */
  previous: string | null;
}

export interface ThresholdCalibration {
  threshold: number;
  precision: number;
  recall: number;
  /** Where the similarity plot was written, if one was. */
  plotPath?: string | undefined;
}

export interface EmbeddingJobOperations {
  /** Locks (skip locked) and returns up to `limit` live memories waiting for the active model's vector. */
  claimPendingEmbeddings(limit: number): Promise<EmbeddingTask[]>;
  /** Locks (skip locked) and returns up to `limit` live memories after id `after` with no vector for `model`. */
  claimMissingEmbeddings(model: string, after: string | null, limit: number): Promise<EmbeddingTask[]>;
  /** Stores one batch of vectors; returns how many were stored (revoked meanwhile: skipped). */
  storeEmbeddings(
    model: string,
    vectors: readonly { memoryId: string; vector: readonly number[] }[],
  ): Promise<number>;
  /** Counts a failed attempt on each; returns how many reached `maxAttempts` and are now failed. */
  markEmbeddingsFailed(memoryIds: readonly string[], maxAttempts: number): Promise<number>;
  /** Makes failed memories pending again; returns how many. */
  retryFailedEmbeddings(): Promise<number>;
  listEmbeddingModels(): Promise<EmbeddingModelInfo[]>;
  /** Makes a registered model the target of a migration (retired -> backfilling); returns its status. */
  beginModelMigration(model: string): Promise<EmbeddingModelStatus>;
  embeddingCoverage(model: string): Promise<EmbeddingCoverage>;
  /** Switches reads to `model` in one transaction when its coverage is complete, or anyway when `force`. */
  activateModel(model: string, force: boolean): Promise<ModelSwitch>;
  /** Deletes up to `limit` vectors of retired models; 0 when none are left. */
  dropRetiredEmbeddings(limit: number): Promise<number>;
  setModelThreshold(model: string, calibration: ThresholdCalibration): Promise<void>;
  setModelFloor(model: string, floor: RelevanceFloor): Promise<void>;
  /** The similarity from which consolidation merges near-duplicates (engram.set_model_merge_threshold); null: none. */
  setModelMergeThreshold(model: string, threshold: number | null): Promise<void>;
}

// --- End of embedding jobs. ---

// --- The extract job: stored turns whose extraction is pending, across tenants, for the operator role. ---

/** A stored turn whose extraction is pending: where it belongs, its stored content, who said it and where. */
export interface PendingExtraction {
  id: string;
  tenantId: string;
  subject: string;
  session: string | null;
  /** The stored turn, `Speaker: text` as the gate normalised it. */
  content: string;
  sourceId: string | null;
  speaker: string | null;
  /** Its position in the ingest request. */
  turn: number | null;
  attempts: number;
}

export interface ExtractionJobOperations {
  /** Locks (skip locked) and returns up to `limit` live turns whose extraction is pending, oldest first. */
  claimPendingExtractions(limit: number): Promise<PendingExtraction[]>;
  /** Clears `done`, counts a failed attempt on `failed`; returns how many reached `maxAttempts` (now failed). */
  finishPendingExtractions(
    done: readonly string[],
    failed: readonly string[],
    maxAttempts: number,
  ): Promise<number>;
}

export interface OperatorStore
  extends ForgettingOperatorStore,
    EmbeddingJobOperations,
    ExtractionJobOperations {
  createTenant(name: string): Promise<string>;
  /** Stores a tenant's PII policy (already validated); false when there is no such tenant. */
  setTenantPiiPolicy(tenantId: string, policy: Record<string, string>): Promise<boolean>;
  findTenant(name: string): Promise<string | null>;
  createApiKey(input: {
    tenantId: string;
    keyId: string;
    secretHash: string;
    scopes: string[];
    name?: string;
  }): Promise<void>;
  findApiKey(keyId: string): Promise<ApiKeyRecord | null>;
  /** Marks a key revoked (idempotent); false when no key has that id. */
  revokeApiKey(keyId: string): Promise<boolean>;
  activeModel(): Promise<ActiveModel | null>;
  /** Memories waiting for an embedding, across tenants (a cheap count for metrics). */
  embeddingBacklog(): Promise<number>;
}

export interface MemoryStore {
  withTenant<T>(scope: TenantScope, work: (tx: TenantStore) => Promise<T>): Promise<T>;
  withOperator<T>(work: (tx: OperatorStore) => Promise<T>): Promise<T>;
  /** Registers a model and its index (needs the table owner: not a tenant role). */
  registerModel(input: {
    model: string;
    provider: string;
    dims: number;
    threshold: number | null;
    /** Shipped fusion weights of the model; stored only where none are set yet. */
    fusion?: ModelFusion | null;
    /** Shipped relevance floor of the model; stored only where none is set yet. */
    floor?: RelevanceFloor | null;
    activate: boolean;
  }): Promise<string>;
  /** Cheap round trip for the readiness probe. */
  ping(): Promise<void>;
  /**
   * ANALYZE of the memory and vector tables when many rows changed since their last statistics (`force`: always;
   * `loadedRows`: when the caller just loaded at least a tenth of the rows the last statistics counted, or there
   * are none); true when it ran. Plans of recall went from ~2 ms to ~2 s on a table loaded with no statistics
   * (issue 18).
   */
  refreshStatistics(options?: { force?: boolean; loadedRows?: number }): Promise<boolean>;
  /**
   * Builds the missing per-subject HNSW indexes of subjects with more than `minRows` vectors of a model (largest
   * first, at most `limit`), each with CREATE INDEX CONCURRENTLY, so writes go on. Starts no build once `deadline`
   * (epoch ms) has passed; one already running is not cut short. Returns how many it built.
   */
  buildSubjectVectorIndexes(options?: {
    minRows?: number;
    limit?: number;
    deadline?: number;
  }): Promise<number>;
  /**
   * Creates (true) or drops (false) the global HNSW index of every model that is not retired (none is built by
   * default: engram.register_embedding_model). Returns how many models have one afterwards.
   */
  setGlobalVectorIndexes(enabled: boolean): Promise<number>;
}

/** How a replacement ended (see engram.replace_memory). */
export type ReplaceStatus = 'replaced' | 'not_found' | 'revoked' | 'superseded' | 'expired' | 'duplicate';

export interface ReplaceOutcome {
  status: ReplaceStatus;
  /** replaced: the new version; duplicate: the live memory that already holds this content; else null. */
  memory: Memory | null;
  /** The old version as it is now (superseded when replaced); null when not found. */
  replaced: Memory | null;
  /** Other live versions the new one superseded by key or facet. */
  superseded: string[];
}

export interface ExportCursor {
  /** created_at with microseconds (the API shape has milliseconds, too coarse for a keyset). */
  createdAt: string;
  id: string;
}

export interface ExportPage {
  items: Memory[];
  /** Where the next page starts; null when this page was the last. */
  next: ExportCursor | null;
}

export interface AuditFilter {
  subject?: string | undefined;
  memoryId?: string | undefined;
  limit: number;
  /** Events after this id (the trail is read oldest first). */
  afterId?: string | undefined;
}

/** One batch of the TTL sweep. */
export interface SweepBatch {
  expired: number;
  revokedPurged: number;
  embeddings: number;
  /** Candidates left for a later batch because another transaction held a neighbour in their chain. */
  skipped: number;
}

/** Forgetting, inside one tenant transaction. */
export interface ForgettingTenantStore {
  replaceMemory(
    id: string,
    record: MemoryRecord,
    vector?: StoredVector,
    reason?: string | undefined,
  ): Promise<ReplaceOutcome>;
  /** Hard-deletes a subject and redacts its audit trail; also returns the random marker that replaced its name. */
  eraseSubject(subject: string): Promise<SubjectErasure & { marker: string }>;
  exportSubject(subject: string, limit: number, after?: ExportCursor): Promise<ExportPage>;
  listAudit(filter: AuditFilter): Promise<AuditEvent[]>;
}

/** Forgetting across tenants, as the operator. */
export interface ForgettingOperatorStore {
  /** Null when there is no such tenant. */
  eraseTenant(tenantId: string): Promise<TenantErasure | null>;
  sweepExpired(batchSize: number, revokedRetentionDays: number): Promise<SweepBatch>;
}
