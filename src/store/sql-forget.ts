// The forgetting part of the store: thin callers of engram.replace_memory, erase_subject, export_subject,
// list_audit (tenant transaction) and erase_tenant, sweep_expired (operator transaction).
import type { AuditEvent, Memory, SubjectErasure, TenantErasure } from '../contract/index.ts';
import type { SqlSession } from '../ports/sql.ts';
import type {
  ExportPage,
  ForgettingOperatorStore,
  ForgettingTenantStore,
  ReplaceOutcome,
  SweepBatch,
} from '../ports/store.ts';
import { vectorLiteral } from './vector-literal.ts';

export function forgettingTenantStore(session: SqlSession): ForgettingTenantStore {
  return {
    async replaceMemory(id, record, vector, reason): Promise<ReplaceOutcome> {
      const { rows } = await session.query<{
        memory: Memory | null;
        status: ReplaceOutcome['status'];
        replaced: Memory | null;
        superseded: string[] | null;
      }>(
        'select memory, status, replaced, superseded from engram.replace_memory($1::uuid, $2::jsonb, $3, $4, $5)',
        [
          id,
          JSON.stringify(record),
          vector ? vectorLiteral(vector.vector) : null,
          vector?.model ?? null,
          reason ?? null,
        ],
      );
      const row = rows[0];
      if (!row) throw new Error('replace_memory returned no row');
      return {
        status: row.status,
        memory: row.memory,
        replaced: row.replaced,
        superseded: row.superseded ?? [],
      };
    },
    async eraseSubject(subject) {
      const { rows } = await session.query<{ r: SubjectErasure & { marker: string } }>(
        'select engram.erase_subject($1) as r',
        [subject],
      );
      const row = rows[0];
      if (!row) throw new Error('erase_subject returned no row');
      return row.r;
    },
    async exportSubject(subject, limit, after): Promise<ExportPage> {
      const { rows } = await session.query<{ memory: Memory; cursor_at: string }>(
        'select memory, cursor_at from engram.export_subject($1, $2, $3::timestamptz, $4::uuid)',
        [subject, limit, after?.createdAt ?? null, after?.id ?? null],
      );
      const last = rows.at(-1);
      return {
        items: rows.map((r) => r.memory),
        next: rows.length === limit && last ? { createdAt: last.cursor_at, id: last.memory.id } : null,
      };
    },
    async listAudit(filter) {
      const { rows } = await session.query<{ e: AuditEvent }>(
        'select e from engram.list_audit($1, $2::uuid, $3, $4::bigint) as e',
        [filter.subject ?? null, filter.memoryId ?? null, filter.limit, filter.afterId ?? null],
      );
      return rows.map((r) => r.e);
    },
  };
}

export function forgettingOperatorStore(session: SqlSession): ForgettingOperatorStore {
  return {
    async eraseTenant(tenantId) {
      const { rows } = await session.query<{ r: TenantErasure | null }>(
        'select engram.erase_tenant($1::uuid) as r',
        [tenantId],
      );
      return rows[0]?.r ?? null;
    },
    async sweepExpired(batchSize, revokedRetentionDays): Promise<SweepBatch> {
      const { rows } = await session.query<{
        expired: number;
        revoked_purged: number;
        embeddings: number;
        skipped: number;
      }>('select expired, revoked_purged, embeddings, skipped from engram.sweep_expired($1, $2)', [
        batchSize,
        revokedRetentionDays,
      ]);
      const row = rows[0];
      return {
        expired: Number(row?.expired ?? 0),
        revokedPurged: Number(row?.revoked_purged ?? 0),
        embeddings: Number(row?.embeddings ?? 0),
        skipped: Number(row?.skipped ?? 0),
      };
    },
  };
}
