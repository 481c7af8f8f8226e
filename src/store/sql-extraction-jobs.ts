// The extract job's operations of the operator store: thin callers of supabase/schemas/90_extraction_jobs.sql.
import type { SqlSession } from '../ports/sql.ts';
import type { ExtractionJobOperations, PendingExtraction } from '../ports/store.ts';

interface PendingRow {
  id: string;
  tenant_id: string;
  subject: string;
  session: string | null;
  content: string;
  source_id: string | null;
  metadata: Record<string, unknown> | null;
  attempts: number | string;
}

function pendingOf(row: PendingRow): PendingExtraction {
  const speaker = row.metadata?.speaker;
  const turn = row.metadata?.turn;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    subject: row.subject,
    session: row.session,
    content: row.content,
    sourceId: row.source_id,
    speaker: typeof speaker === 'string' ? speaker : null,
    turn: typeof turn === 'number' ? turn : null,
    attempts: Number(row.attempts),
  };
}

export function extractionJobOperations(session: SqlSession): ExtractionJobOperations {
  return {
    async claimPendingExtractions(limit) {
      const { rows } = await session.query<PendingRow>(
        'select id, tenant_id, subject, session, content, source_id, metadata, attempts from engram.claim_pending_extractions($1)',
        [limit],
      );
      return rows.map(pendingOf);
    },
    async finishPendingExtractions(done, failed, maxAttempts) {
      const { rows } = await session.query<{ n: number | string }>(
        'select engram.finish_pending_extractions($1::uuid[], $2::uuid[], $3) as n',
        [[...done], [...failed], maxAttempts],
      );
      return Number(rows[0]?.n ?? 0);
    },
  };
}
