// The embedding-job operations of the operator store (backfill, model migration, calibration): thin callers of
// the functions in supabase/schemas/70_embedding_jobs.sql.
import type { SqlSession } from '../ports/sql.ts';
import type {
  EmbeddingCoverage,
  EmbeddingJobOperations,
  EmbeddingModelInfo,
  EmbeddingModelStatus,
  EmbeddingTask,
} from '../ports/store.ts';
import { vectorLiteral } from './vector-literal.ts';

interface CoverageRow {
  live: string | number;
  covered: string | number;
  failed: string | number;
  missing: string | number;
}

/** bigint counts arrive as strings from node-postgres and as numbers from PGlite. */
function coverageOf(row: CoverageRow | undefined): EmbeddingCoverage {
  return {
    live: Number(row?.live ?? 0),
    covered: Number(row?.covered ?? 0),
    failed: Number(row?.failed ?? 0),
    missing: Number(row?.missing ?? 0),
  };
}

function taskOf(row: EmbeddingTask): EmbeddingTask {
  return { id: row.id, kind: row.kind, content: row.content, tags: row.tags ?? [], trigger: row.trigger };
}

export function embeddingJobOperations(session: SqlSession): EmbeddingJobOperations {
  return {
    async claimPendingEmbeddings(limit) {
      const { rows } = await session.query<EmbeddingTask>(
        'select id, kind, content, tags, trigger from engram.claim_pending_embeddings($1)',
        [limit],
      );
      return rows.map(taskOf);
    },
    async claimMissingEmbeddings(model, after, limit) {
      const { rows } = await session.query<EmbeddingTask>(
        'select id, kind, content, tags, trigger from engram.claim_missing_embeddings($1, $2::uuid, $3)',
        [model, after, limit],
      );
      return rows.map(taskOf);
    },
    async storeEmbeddings(model, vectors) {
      if (vectors.length === 0) return 0;
      const { rows } = await session.query<{ stored: number }>(
        'select engram.store_embeddings($1, $2::uuid[], $3::text[]) as stored',
        [model, vectors.map((v) => v.memoryId), vectors.map((v) => vectorLiteral(v.vector))],
      );
      return Number(rows[0]?.stored ?? 0);
    },
    async markEmbeddingsFailed(memoryIds, maxAttempts) {
      if (memoryIds.length === 0) return 0;
      const { rows } = await session.query<{ failed: number }>(
        'select engram.mark_embeddings_failed($1::uuid[], $2) as failed',
        [[...memoryIds], maxAttempts],
      );
      return Number(rows[0]?.failed ?? 0);
    },
    async retryFailedEmbeddings() {
      const { rows } = await session.query<{ retried: number }>(
        'select engram.retry_failed_embeddings() as retried',
      );
      return Number(rows[0]?.retried ?? 0);
    },
    async listEmbeddingModels(): Promise<EmbeddingModelInfo[]> {
      const { rows } = await session.query<{
        model: string;
        provider: string;
        dims: number;
        status: EmbeddingModelStatus;
        threshold: number | null;
        threshold_precision: number | null;
        threshold_recall: number | null;
        calibrated_at: string | null;
        calibration_plot: string | null;
      }>(
        `select model, provider, dims, status, threshold, threshold_precision, threshold_recall, calibrated_at,
                calibration_plot
           from engram.list_embedding_models()`,
      );
      return rows.map((r) => ({
        model: r.model,
        provider: r.provider,
        dims: r.dims,
        status: r.status,
        threshold: r.threshold,
        thresholdPrecision: r.threshold_precision,
        thresholdRecall: r.threshold_recall,
        calibratedAt: r.calibrated_at,
        calibrationPlot: r.calibration_plot,
      }));
    },
    async beginModelMigration(model) {
      const { rows } = await session.query<{ status: EmbeddingModelStatus }>(
        'select engram.begin_model_migration($1) as status',
        [model],
      );
      return rows[0]!.status;
    },
    async embeddingCoverage(model) {
      const { rows } = await session.query<CoverageRow>(
        'select live, covered, failed, missing from engram.embedding_coverage($1)',
        [model],
      );
      return coverageOf(rows[0]);
    },
    async activateModel(model, force) {
      const { rows } = await session.query<CoverageRow & { switched: boolean; previous: string | null }>(
        'select switched, previous, live, covered, failed, missing from engram.activate_embedding_model($1, $2)',
        [model, force],
      );
      const row = rows[0];
      return { switched: row?.switched ?? false, previous: row?.previous ?? null, ...coverageOf(row) };
    },
    async dropRetiredEmbeddings(limit) {
      const { rows } = await session.query<{ dropped: number }>(
        'select engram.drop_retired_embeddings($1) as dropped',
        [limit],
      );
      return Number(rows[0]?.dropped ?? 0);
    },
    async setModelThreshold(model, calibration) {
      await session.query('select engram.set_model_threshold($1, $2, $3, $4, $5)', [
        model,
        calibration.threshold,
        calibration.precision,
        calibration.recall,
        calibration.plotPath ?? null,
      ]);
    },
    async setModelFloor(model, floor) {
      await session.query('select engram.set_model_floor($1, $2, $3, false, $4)', [
        model,
        floor.similarity,
        floor.lexical,
        floor.intent ?? null,
      ]);
    },
    async setModelMergeThreshold(model, threshold) {
      await session.query('select engram.set_model_merge_threshold($1, $2)', [model, threshold]);
    },
  };
}
