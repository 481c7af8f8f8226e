// Fixtures for the embedding-job tests: many memories inserted in one statement, direct reads of their
// embedding state, and a recall through engram.recall_candidates as a tenant would run it.
import type { SqlExecutor } from '../../src/ports/sql.ts';
import { vectorLiteral } from '../../src/store/vector-literal.ts';

/** The unique word of seeded memory `n`: a lexical query that matches that memory only. */
export const codeWord = (n: number) => `cw${n}z`;

/** The content of seeded memory `n` (what embeddingTextOf gives for it too: no tags). */
export const seededContent = (n: number) => `Fact ${n}: the code word is ${codeWord(n)}.`;

/**
 * Inserts memories first..first+count-1 of one tenant, pending (no vector), in one statement, as the operator
 * role. `subjectOf` is SQL over the series value `g`.
 */
export async function seedMemories(
  db: SqlExecutor,
  tenantId: string,
  count: number,
  subjectOf = "'s'",
  first = 1,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("select set_config('role', 'engram_operator', true)");
    await tx.query(
      `insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash)
       select $1::uuid, ${subjectOf}, 'fact', 'Fact ' || g || ': the code word is cw' || g || 'z.', 2, 'user',
              md5('Fact ' || g)
         from generate_series($3::integer, $3::integer + $2::integer - 1) g`,
      [tenantId, count, first],
    );
  });
}

export interface EmbeddingState {
  id: string;
  subject: string;
  content: string;
  status: string;
  model: string | null;
  attempts: number;
}

/** Every memory's embedding state (as the owner: no RLS in the way of the test's own checks). */
export async function embeddingStates(db: SqlExecutor): Promise<EmbeddingState[]> {
  const { rows } = await db.query<EmbeddingState>(
    `select id, subject, content, embedding_status as status, embedding_model as model,
            embedding_attempts as attempts
       from engram.memories where revoked_at is null and superseded_by is null order by created_at, content`,
  );
  return rows;
}

/** Vectors stored per model. */
export async function vectorCounts(db: SqlExecutor): Promise<Record<string, number>> {
  const { rows } = await db.query<{ model: string; n: number | string }>(
    'select model, count(*) as n from engram.memory_embeddings group by model',
  );
  return Object.fromEntries(rows.map((r) => [r.model, Number(r.n)]));
}

export interface RecallRow {
  id: string;
  vectorRank: number | null;
  lexicalRank: number | null;
  path: string;
}

/** Hybrid recall candidates of one subject, run as engram_app for `tenantId`. */
export async function recallCandidates(
  db: SqlExecutor,
  input: { tenantId: string; subject: string; query: string; vector: readonly number[]; model: string },
): Promise<RecallRow[]> {
  return db.transaction(async (tx) => {
    await tx.query(
      "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
      [input.tenantId],
    );
    const { rows } = await tx.query<{
      id: string;
      vector_rank: number | null;
      lexical_rank: number | null;
      vector_path: string;
    }>(
      `select id, vector_rank, lexical_rank, vector_path
         from engram.recall_candidates($1, $2, $3, $4, 'hybrid', 40)`,
      [input.subject, input.query, vectorLiteral(input.vector), input.model],
    );
    return rows.map((r) => ({
      id: r.id,
      vectorRank: r.vector_rank,
      lexicalRank: r.lexical_rank,
      path: r.vector_path,
    }));
  });
}
