// The store: a thin caller of the engram.* RPC functions (supabase/schemas/), one transaction per unit of
// work, with the role and tenant set inside it so that RLS, not this code, scopes every row.
import type {
  LexicalHitRow,
  LexicalLane,
  Memory,
  RecallCandidateRow,
  WriteMemoriesRow,
  WriteMemoryRow,
} from '../contract/index.ts';
import type { SqlExecutor, SqlSession } from '../ports/sql.ts';
import type {
  ActiveModel,
  ApiKeyRecord,
  FeedbackOutcome,
  LexicalHit,
  LexicalQuery,
  ListFilter,
  MemoryChain,
  MemoryRecord,
  MemoryStore,
  OperatorStore,
  RecallQuery,
  RecallRow,
  StoredVector,
  TenantStore,
  WriteOutcome,
} from '../ports/store.ts';
import { embeddingJobOperations } from './sql-embedding-jobs.ts';
import { mapSqlError } from './sql-errors.ts';
import { extractionJobOperations } from './sql-extraction-jobs.ts';
import { forgettingOperatorStore, forgettingTenantStore } from './sql-forget.ts';
import { vectorLiteral } from './vector-literal.ts';

export { vectorLiteral } from './vector-literal.ts';

export interface SqlStoreOptions {
  /** Role for tenant transactions; it must not bypass RLS. */
  tenantRole?: string;
  operatorRole?: string;
}

export function createSqlStore(db: SqlExecutor, options: SqlStoreOptions = {}): MemoryStore {
  const tenantRole = options.tenantRole ?? 'engram_app';
  const operatorRole = options.operatorRole ?? 'engram_operator';

  async function run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw mapSqlError(error);
    }
  }

  return {
    withTenant: (scope, work) =>
      run(() =>
        db.transaction(async (session) => {
          // Role first: even if the login is the owner or a superuser, tenant queries obey RLS.
          await session.query(
            "select set_config('role', $1, true), set_config('engram.tenant_id', $2, true), set_config('engram.actor', $3, true)",
            [tenantRole, scope.tenantId, scope.actor],
          );
          return work(tenantStore(session));
        }),
      ),
    withOperator: (work) =>
      run(() =>
        db.transaction(async (session) => {
          await session.query(
            "select set_config('role', $1, true), set_config('engram.actor', 'operator', true)",
            [operatorRole],
          );
          return work(operatorStore(session));
        }),
      ),
    registerModel: (input) =>
      run(async () => {
        const { rows } = await db.query<{ status: string }>(
          'select engram.register_embedding_model($1, $2, $3, $4, $5) as status',
          [input.model, input.provider, input.dims, input.threshold, input.activate],
        );
        if (input.fusion) {
          await db.query('select engram.set_model_fusion($1, $2, $3, true)', [
            input.model,
            input.fusion.vectorWeight,
            input.fusion.rrfK,
          ]);
        }
        if (input.floor) {
          await db.query('select engram.set_model_floor($1, $2, $3, true, $4)', [
            input.model,
            input.floor.similarity,
            input.floor.lexical,
            input.floor.intent ?? null,
          ]);
        }
        return rows[0]?.status ?? 'backfilling';
      }),
    ping: () =>
      run(async () => {
        await db.query('select 1');
      }),
    refreshStatistics: (refreshOptions = {}) =>
      run(async () => {
        // As the login (the tables' owner, who may ANALYZE; another role gets a warning, not an error). Stale is
        // autovacuum's rule with its default scale (10% of the rows changed) and a floor of 1,000 rows, for
        // servers where autovacuum is off or has not come round yet.
        if (refreshOptions.loadedRows !== undefined && !refreshOptions.force) {
          // A load the caller counted (engram import): the same tenth, against the rows the last statistics
          // counted (pg_class.reltuples, -1 before any), so it does not wait for the statistics collector to see
          // the load. ANALYZE reads a sample of the whole table, a fixed cost a small import into a large table
          // paid in full (2,000 memories into 100k: about as long as writing them).
          const { rows } = await db.query<{ stale: boolean }>(
            `select $1::float8 >= 0.1 * greatest(c.reltuples, 0) or c.reltuples <= 0 as stale
               from pg_catalog.pg_class c where c.oid = 'engram.memories'::regclass`,
            [refreshOptions.loadedRows],
          );
          if (!rows[0]?.stale) return false;
        } else if (!refreshOptions.force) {
          const { rows } = await db.query<{ stale: boolean }>(
            `select coalesce(s.n_mod_since_analyze >= 0.1 * greatest(s.n_live_tup, 0) + 1000, false) as stale
               from pg_catalog.pg_stat_user_tables s where s.relid = 'engram.memories'::regclass`,
          );
          if (!rows[0]?.stale) return false;
        }
        await db.query('analyze engram.memories, engram.memory_embeddings');
        return true;
      }),
    buildSubjectVectorIndexes: (indexOptions = {}) =>
      run(async () => {
        // As the login (the table's owner). Each statement on its own, outside a transaction: CONCURRENTLY
        // cannot run in one, and one subject's build must not hold the others back.
        const { rows } = await db.query<{ ddl: string }>(
          'select ddl from engram.subject_vector_index_ddl($1) limit $2',
          [indexOptions.minRows ?? 5000, indexOptions.limit ?? 1000],
        );
        // A build is not interrupted (cancelling CREATE INDEX CONCURRENTLY leaves an invalid index behind), so the
        // deadline only keeps the next one from starting; the job's next run picks up where this one stopped.
        let built = 0;
        for (const row of rows) {
          if (indexOptions.deadline !== undefined && Date.now() >= indexOptions.deadline) break;
          await db.query(row.ddl);
          built++;
        }
        return built;
      }),
    setGlobalVectorIndexes: (enabled) =>
      run(async () => {
        // As the login (the table's owner, who may create and drop indexes).
        const { rows } = await db.query<{ indexed: number }>(
          `select pg_catalog.count(*) filter (where engram.set_global_vector_index(m.model, $1))::integer as indexed
             from engram.embedding_models m where m.status <> 'retired'`,
          [enabled],
        );
        return rows[0]?.indexed ?? 0;
      }),
  };
}

function tenantStore(session: SqlSession): TenantStore {
  return {
    ...forgettingTenantStore(session),
    async writeMemory(record: MemoryRecord, vector?: StoredVector): Promise<WriteOutcome> {
      const { rows } = await session.query<WriteMemoryRow>(
        'select memory, status, superseded from engram.write_memory($1::jsonb, $2, $3)',
        [JSON.stringify(record), vector ? vectorLiteral(vector.vector) : null, vector?.model ?? null],
      );
      const row = rows[0];
      if (!row) throw new Error('write_memory returned no row');
      return { memory: row.memory, status: row.status, superseded: row.superseded ?? [] };
    },
    async writeMemories(items): Promise<WriteOutcome[]> {
      if (items.length === 0) return [];
      // One model per batch (the pipeline embeds a batch with one embedder); a mixed batch is a caller bug.
      const model = items.find((i) => i.vector)?.vector?.model ?? null;
      if (items.some((i) => i.vector && i.vector.model !== model))
        throw new Error('writeMemories takes vectors of one model');
      const { rows } = await session.query<WriteMemoriesRow>(
        'select ord, memory, status, superseded from engram.write_memories($1::jsonb, $2::text[], $3)',
        [
          JSON.stringify(items.map((i) => i.record)),
          items.map((i) => (i.vector ? vectorLiteral(i.vector.vector) : null)),
          model,
        ],
      );
      if (rows.length !== items.length)
        throw new Error('write_memories returned a row count unlike the batch');
      return [...rows]
        .sort((a, b) => a.ord - b.ord)
        .map((row) => ({ memory: row.memory, status: row.status, superseded: row.superseded ?? [] }));
    },
    async getMemory(id) {
      const { rows } = await session.query<{ m: (Memory & { chain: MemoryChain }) | null }>(
        'select engram.get_memory($1::uuid) as m',
        [id],
      );
      return rows[0]?.m ?? null;
    },
    async listMemories(filter: ListFilter) {
      const { rows } = await session.query<{ m: Memory }>(
        'select m from engram.list_memories($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10::uuid) as m',
        [
          filter.subject ?? null,
          filter.kind ?? null,
          filter.tag ?? null,
          filter.sourceUri ?? null,
          filter.includeRevoked ?? false,
          filter.includeExpired ?? false,
          filter.includeSuperseded ?? false,
          filter.limit,
          filter.cursor?.createdAt ?? null,
          filter.cursor?.id ?? null,
        ],
      );
      return rows.map((r) => r.m);
    },
    async searchLexical(subject, query, limit, language): Promise<LexicalHit[]> {
      const { rows } = await session.query<LexicalHitRow>(
        'select memory, lexical_score, lexical_rank from engram.search_lexical($1, $2, $3, $4)',
        [subject, query, limit, language ?? null],
      );
      return rows.map((r) => ({
        memory: r.memory,
        score: Number(r.lexical_score),
        rank: Number(r.lexical_rank),
      }));
    },
    async revokeMemory(id, reason) {
      const { rows } = await session.query<{ m: Memory | null }>(
        'select engram.revoke_memory($1::uuid, $2) as m',
        [id, reason ?? null],
      );
      return rows[0]?.m ?? null;
    },
    async storeEmbedding(memoryId, vector) {
      const { rows } = await session.query<{ ok: boolean }>(
        'select engram.store_embedding($1::uuid, $2, $3) as ok',
        [memoryId, vector.model, vectorLiteral(vector.vector)],
      );
      return rows[0]?.ok ?? false;
    },
    async markEmbeddingFailed(memoryId) {
      await session.query('select engram.mark_embedding_failed($1::uuid)', [memoryId]);
    },
    // Recall
    async recallCandidates(q: RecallQuery): Promise<RecallRow[]> {
      const { rows } = await session.query<RecallCandidateRow>(
        `select * from ${RECALL_CANDIDATES_CALL}`,
        recallParams(q),
      );
      return rows.map(recallRow);
    },
    async lexicalCandidates(q: LexicalQuery): Promise<LexicalLane> {
      const { rows } = await session.query<LexicalLane>(
        `select l.ids, l.scores, l.shares from engram.lexical_candidates(
           p_subject => $1, p_query => $2, p_candidates => $3, p_kinds => $4::text[], p_tags => $5::text[],
           p_session => $6, p_min_trust => $7, p_min_importance => $8, p_since => $9::timestamptz,
           p_until => $10::timestamptz, p_language => $11, p_shares => $12) l`,
        [q.subject, q.query, q.candidates, ...filterParams(q), q.language ?? null, q.shares],
      );
      // No row: the session has no tenant (never inside withTenant); the lane is then empty, as recall_candidates'.
      const shares = rows[0]?.shares;
      return {
        ids: rows[0]?.ids ?? [],
        scores: (rows[0]?.scores ?? []).map(Number),
        shares: shares ? shares.map(Number) : null,
      };
    },
    async recallWithRules(q: RecallQuery) {
      // One statement instead of two: the rules ride on every candidate row (an uncorrelated subquery, computed
      // once), and on one all-null row when there is no candidate. A recall's transaction is then begin, the
      // tenant's settings, this and commit (issue 18 item 4: no extra round trips per recall).
      const { rows } = await session.query<RecallCandidateRow & { rules: Memory[] }>(
        `select c.*, r.rules
           from (select coalesce(pg_catalog.jsonb_agg(m), '[]'::jsonb) as rules
                   from engram.subject_rules($1) as m) as r
           left join lateral ${RECALL_CANDIDATES_CALL} as c on true`,
        recallParams(q),
      );
      return {
        rows: rows.filter((r) => r.id !== null).map(({ rules: _, ...r }) => recallRow(r)),
        rules: rows[0]?.rules ?? [],
      };
    },
    async subjectRules(subject) {
      const { rows } = await session.query<{ m: Memory }>('select m from engram.subject_rules($1) as m', [
        subject,
      ]);
      return rows.map((r) => r.m);
    },
    async piiPolicy() {
      const { rows } = await session.query<{ p: unknown }>('select engram.tenant_pii_policy() as p');
      return rows[0]?.p ?? {};
    },
    async recordRecalls(records) {
      if (records.length === 0) return;
      // Every recall event in one statement (record_recalls takes the subjects' erase locks first, in subject order),
      // then mark_recalled once for the whole batch: every returned id of every record, so that an id returned by
      // three recalls counts three.
      const ids = records.map((r) => r.recallId);
      const subjects = records.map((r) => r.subject);
      const returned = records.map((r) => uuidArrayLiteral(r.returned));
      await session.query('select engram.record_recalls($1::uuid[], $2::text[], $3::text[])', [
        ids,
        subjects,
        returned,
      ]);
      const marked = records.flatMap((r) => r.returned);
      if (marked.length > 0) await session.query('select engram.mark_recalled($1::uuid[])', [marked]);
    },
    async eraseRecallEvents(subject) {
      const { rows } = await session.query<{ n: number }>('select engram.erase_recall_events($1) as n', [
        subject,
      ]);
      return Number(rows[0]?.n ?? 0);
    },
    async recordFeedback(recallId, usedIds, subject): Promise<FeedbackOutcome | null> {
      const { rows } = await session.query<{
        returned: number;
        used_before: number;
        used_after: number;
        ignored: number;
        first_feedback: boolean;
      }>(
        'select returned, used_before, used_after, ignored, first_feedback from engram.record_feedback($1::uuid, $2::uuid[], $3)',
        [recallId, usedIds, subject ?? null],
      );
      const row = rows[0];
      return row
        ? {
            returned: Number(row.returned),
            usedBefore: Number(row.used_before),
            usedAfter: Number(row.used_after),
            ignored: Number(row.ignored),
            firstFeedback: row.first_feedback,
          }
        : null;
    },
  };
}

function operatorStore(session: SqlSession): OperatorStore {
  return {
    ...forgettingOperatorStore(session),
    // --- Embedding jobs (backfill, model migration, calibration): see sql-embedding-jobs.ts. ---
    ...embeddingJobOperations(session),
    // --- End of embedding jobs. ---
    ...extractionJobOperations(session),
    async createTenant(name) {
      const { rows } = await session.query<{ id: string }>('select engram.create_tenant($1) as id', [name]);
      return rows[0]!.id;
    },
    async setTenantPiiPolicy(tenantId, policy) {
      const { rows } = await session.query<{ ok: boolean }>(
        'select engram.set_tenant_pii_policy($1::uuid, $2::jsonb) as ok',
        [tenantId, JSON.stringify(policy)],
      );
      return rows[0]?.ok === true;
    },
    async findTenant(name) {
      const { rows } = await session.query<{ id: string | null }>('select engram.find_tenant($1) as id', [
        name,
      ]);
      return rows[0]?.id ?? null;
    },
    async createApiKey(input) {
      await session.query('select engram.create_api_key($1::uuid, $2, $3, $4::text[], $5)', [
        input.tenantId,
        input.keyId,
        input.secretHash,
        input.scopes,
        input.name ?? 'default',
      ]);
    },
    async findApiKey(keyId): Promise<ApiKeyRecord | null> {
      const { rows } = await session.query<{
        tenant_id: string;
        secret_hash: string;
        scopes: string[];
        revoked: boolean;
      }>('select tenant_id, secret_hash, scopes, revoked from engram.find_api_key($1)', [keyId]);
      const row = rows[0];
      return row
        ? { tenantId: row.tenant_id, secretHash: row.secret_hash, scopes: row.scopes, revoked: row.revoked }
        : null;
    },
    async revokeApiKey(keyId) {
      const { rows } = await session.query<{ ok: boolean }>('select engram.revoke_api_key($1) as ok', [
        keyId,
      ]);
      return rows[0]?.ok ?? false;
    },
    async embeddingBacklog() {
      const { rows } = await session.query<{ n: string | number }>('select engram.embedding_backlog() as n');
      return Number(rows[0]?.n ?? 0);
    },
    async activeModel(): Promise<ActiveModel | null> {
      const { rows } = await session.query<{
        model: string;
        provider: string;
        dims: number;
        threshold: number | null;
        vector_weight: number | null;
        rrf_k: number | null;
        floor_similarity: number | null;
        floor_lexical: number | null;
        floor_intent: number | null;
      }>(
        'select model, provider, dims, threshold, vector_weight, rrf_k, floor_similarity, floor_lexical, floor_intent from engram.active_embedding_model()',
      );
      const row = rows[0];
      if (!row) return null;
      // Both or neither: a model with only one of the two set falls back to the defaults for both.
      const fusion =
        row.vector_weight !== null && row.rrf_k !== null
          ? { vectorWeight: row.vector_weight, rrfK: row.rrf_k }
          : null;
      const floor =
        row.floor_similarity !== null || row.floor_lexical !== null || row.floor_intent !== null
          ? { similarity: row.floor_similarity, lexical: row.floor_lexical, intent: row.floor_intent }
          : null;
      return {
        model: row.model,
        provider: row.provider,
        dims: row.dims,
        threshold: row.threshold,
        fusion,
        floor,
      };
    },
  };
}

/** The recall RPC call with its parameters ($1 the subject, then recallParams' order): one text for every caller. */
const RECALL_CANDIDATES_CALL = `engram.recall_candidates(
     p_subject => $1, p_query => $2, p_embedding => $3, p_model => $4, p_mode => $5, p_candidates => $6,
     p_kinds => $7::text[], p_tags => $8::text[], p_session => $9, p_min_trust => $10, p_min_importance => $11,
     p_since => $12::timestamptz, p_until => $13::timestamptz, p_language => $14, p_min_similarity => $15,
     p_vector_weight => $16, p_lexical_weight => $17, p_durable_vector_weight => $18,
     p_durable_lexical_weight => $19, p_rrf_k => $20, p_lexical_ids => $21::uuid[], p_lexical_scores => $22::real[],
     p_lexical_shares => $23::float8[], p_keys => $24::text[])`;

/** A recall's filters in the order both recall functions take them (p_kinds to p_until). */
function filterParams(q: LexicalQuery | RecallQuery): unknown[] {
  return [
    q.kinds ?? null,
    q.tags ?? null,
    q.session ?? null,
    q.minTrust ?? null,
    q.minImportance ?? null,
    q.since ?? null,
    q.until ?? null,
  ];
}

function recallParams(q: RecallQuery): unknown[] {
  return [
    q.subject,
    q.query,
    q.vector ? vectorLiteral(q.vector.vector) : null,
    q.vector?.model ?? null,
    q.mode,
    q.candidates,
    ...filterParams(q),
    q.language ?? null,
    q.minSimilarity ?? null,
    q.weights?.vector ?? 1,
    q.weights?.lexical ?? 1,
    q.weights?.durableVector ?? 1,
    q.weights?.durableLexical ?? 1,
    q.weights?.k ?? 60,
    q.lexical?.ids ?? null,
    q.lexical?.scores ?? null,
    q.lexical?.shares ?? null,
    q.keys && q.keys.length > 0 ? q.keys : null,
  ];
}

function recallRow(r: RecallCandidateRow): RecallRow {
  // Every driver parses these types to numbers already; Number() only guards one that sends text.
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    ...r,
    vector_similarity: num(r.vector_similarity),
    vector_rank: num(r.vector_rank),
    lexical_score: num(r.lexical_score),
    lexical_rank: num(r.lexical_rank),
    lexical_share: num(r.lexical_share),
    rrf: Number(r.rrf),
    key_rank: num(r.key_rank),
  };
}

/** A uuid[] literal ('{a,b}') for ids the caller already holds as uuids (they came from the database). */
function uuidArrayLiteral(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}
