// Typed wrappers of Engram's RPC functions for apps that use supabase-js with the `engram` schema exposed.
// No Node-only imports: runs in browsers, Workers and Node. Row-level security does the scoping: a signed-in
// user reaches only its own subject in the tenant of its `app_metadata.tenant_id`. Reads only: the database grants
// role authenticated no write, so that every write passes the write gate; apps write over HTTPS with the same JWT
// (the typed client of `engram/client`, `POST /v1/memories`).
import type {
  LexicalHitRow,
  LexicalLane,
  Memory,
  MemoryKind,
  RecallCandidateRow,
  RecallMode,
} from '../contract/index.ts';

/** PostgREST's error shape, as supabase-js returns it. Branch on `code` (a SQLSTATE or PGRSTxxx). */
export interface RpcError {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export type RpcResult<T> = { data: T; error: null } | { data: null; error: RpcError };

/** The one method of a supabase-js client this helper needs (`createClient(..., { db: { schema: 'engram' } })`). */
export interface RpcClient {
  rpc(fn: string, args?: Record<string, unknown>): PromiseLike<{ data: unknown; error: unknown }>;
}

export interface ListMemoriesOptions {
  subject?: string;
  kind?: MemoryKind;
  tag?: string;
  sourceUri?: string;
  includeRevoked?: boolean;
  includeExpired?: boolean;
  includeSuperseded?: boolean;
  limit?: number;
}

/** A row of search_lexical. */
export type LexicalHit = LexicalHitRow;

export interface RecallCandidatesParams {
  subject: string;
  query: string;
  /** The query vector of the active model, and that model's id; omit both for a lexical recall. */
  embedding?: readonly number[];
  model?: string;
  mode?: RecallMode;
  candidates?: number;
  kinds?: MemoryKind[];
  tags?: string[];
  session?: string;
  minTrust?: number;
  minImportance?: number;
  since?: string;
  until?: string;
  language?: string;
  minSimilarity?: number;
  /**
   * The fusion's lane weights (the database's defaults when omitted: every lane 1, k 60). To rank as the server
   * does, pass the active model's fusion (`vectorWeight`, `rrfK`; the server's default lexical weight is 1) and
   * the server's durable lane weights (1 and 1 by default).
   */
  vectorWeight?: number;
  lexicalWeight?: number;
  durableVectorWeight?: number;
  durableLexicalWeight?: number;
  rrfK?: number;
  /**
   * The lexical lane as `lexicalCandidates` returned it for this same query: recall_candidates fuses it instead of
   * running the lane again. Ask for it while the query is embedded, then pass it here with the embedding.
   */
  lexical?: LexicalCandidates;
  /**
   * The keys whose memories answer a direct question about one of the user's slots ("What's my title?": job_title,
   * employer, job...): recall_candidates' key lane adds them as candidates, as the server does with the keys of
   * src/recall/slot-question.ts. Omit for no key lane.
   */
  keys?: string[];
}

/** The lexical lane of one recall (engram.lexical_candidates): ids, scores and lexical shares, best first. */
export type LexicalCandidates = LexicalLane;

/** Parameters of engram.lexical_candidates: the recall's subject, query, candidates, filters and language. */
export type LexicalCandidatesParams = Omit<
  RecallCandidatesParams,
  | 'embedding'
  | 'model'
  | 'mode'
  | 'minSimilarity'
  | 'vectorWeight'
  | 'lexicalWeight'
  | 'durableVectorWeight'
  | 'durableLexicalWeight'
  | 'rrfK'
  | 'lexical'
> & {
  /** Each hit's lexical share, what a hybrid recall weighs (default true). */
  shares?: boolean;
};

/** A row of recall_candidates. */
export type RecallCandidate = RecallCandidateRow;

function asRpcError(error: unknown): RpcError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Partial<RpcError>;
  return {
    code: typeof e.code === 'string' ? e.code : 'unknown',
    message: typeof e.message === 'string' ? e.message : 'request failed',
    details: typeof e.details === 'string' ? e.details : null,
    hint: typeof e.hint === 'string' ? e.hint : null,
  };
}

async function call<T>(client: RpcClient, fn: string, args: Record<string, unknown>): Promise<RpcResult<T>> {
  // Drop undefined so PostgREST resolves the function by the arguments actually given (defaults apply).
  const named = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
  const { data, error } = await client.rpc(fn, named);
  return error ? { data: null, error: asRpcError(error) } : { data: data as T, error: null };
}

/** The arguments recall_candidates and lexical_candidates both take: the candidate count, filters and language. */
function laneArgs(params: LexicalCandidatesParams): Record<string, unknown> {
  return {
    p_candidates: params.candidates,
    p_kinds: params.kinds,
    p_tags: params.tags,
    p_session: params.session,
    p_min_trust: params.minTrust,
    p_min_importance: params.minImportance,
    p_since: params.since,
    p_until: params.until,
    p_language: params.language,
  };
}

/** Typed Engram RPCs over a supabase-js client whose `db.schema` is `engram`. */
export function engramRpc(client: RpcClient) {
  return {
    listMemories(options: ListMemoriesOptions = {}): Promise<RpcResult<Memory[]>> {
      return call(client, 'list_memories', {
        p_subject: options.subject,
        p_kind: options.kind,
        p_tag: options.tag,
        p_source_uri: options.sourceUri,
        p_include_revoked: options.includeRevoked,
        p_include_expired: options.includeExpired,
        p_include_superseded: options.includeSuperseded,
        p_limit: options.limit,
      });
    },

    searchLexical(
      subject: string,
      query: string,
      options: { limit?: number; language?: string } = {},
    ): Promise<RpcResult<LexicalHit[]>> {
      return call(client, 'search_lexical', {
        p_subject: subject,
        p_query: query,
        p_limit: options.limit,
        p_language: options.language,
      });
    },

    /**
     * Both lanes fused in one query (weighted RRF, weighed per memory in a hybrid recall, as the server ranks);
     * post-ranking (recency, budget, conflicts) is the caller's.
     */
    recallCandidates(params: RecallCandidatesParams): Promise<RpcResult<RecallCandidate[]>> {
      return call(client, 'recall_candidates', {
        p_subject: params.subject,
        p_query: params.query,
        // pgvector's text form; a JSON array would not cast to vector.
        p_embedding: params.embedding ? `[${params.embedding.join(',')}]` : undefined,
        p_model: params.model,
        p_mode: params.mode ?? (params.embedding ? 'hybrid' : 'lexical'),
        ...laneArgs(params),
        p_min_similarity: params.minSimilarity,
        p_vector_weight: params.vectorWeight,
        p_lexical_weight: params.lexicalWeight,
        p_durable_vector_weight: params.durableVectorWeight,
        p_durable_lexical_weight: params.durableLexicalWeight,
        p_rrf_k: params.rrfK,
        p_lexical_ids: params.lexical?.ids,
        p_lexical_scores: params.lexical?.scores,
        p_lexical_shares: params.lexical?.shares ?? undefined,
        p_keys: params.keys && params.keys.length > 0 ? params.keys : undefined,
      });
    },

    /**
     * The lexical lane alone, which needs no embedding: ask for it while the query is embedded, then pass it to
     * `recallCandidates` as `lexical` (the same fused rows as recall_candidates running the lane itself).
     */
    async lexicalCandidates(params: LexicalCandidatesParams): Promise<RpcResult<LexicalCandidates>> {
      const result = await call<LexicalLane[]>(client, 'lexical_candidates', {
        p_subject: params.subject,
        p_query: params.query,
        ...laneArgs(params),
        p_shares: params.shares,
      });
      if (result.error) return result;
      // No row when the caller has no tenant: an empty lane.
      const row = result.data[0];
      return {
        data: { ids: row?.ids ?? [], scores: row?.scores ?? [], shares: row?.shares ?? null },
        error: null,
      };
    },
  };
}

export type EngramRpc = ReturnType<typeof engramRpc>;
