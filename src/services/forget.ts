// Forgetting service: replace a memory (through the write pipeline, then one transaction), erase a subject or a
// tenant, export a subject. Depends on ports only; the HTTP layer and the CLI call it.
import { requireSubject, visibleOrNotFound } from '../access/index.ts';
import type {
  Memory,
  ReplaceInput,
  ReplaceResponse,
  SubjectErasure,
  TenantErasure,
} from '../contract/index.ts';
import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/principal.ts';
import { eraseEvent } from '../metrics/job-events.ts';
import type { ExportCursor } from '../ports/store.ts';
import { replacementInput } from './replacement.ts';
import { createWritePipeline, type WritePipelineDeps } from './write-pipeline.ts';

export interface ForgetServiceDeps extends WritePipelineDeps {
  /** Rows per export page (default 500): each page is one short transaction, never one long one. */
  exportPageSize?: number;
}

export function createForgetService(deps: ForgetServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const exportPageSize = deps.exportPageSize ?? 500;
  const pipeline = createWritePipeline(deps);

  function notLive(state: 'revoked' | 'superseded' | 'expired', old: Memory | null): AppError {
    return new AppError('conflict', `the memory is ${state}; only a live memory can be replaced`, {
      state,
      ...(old?.superseded_by ? { superseded_by: old.superseded_by } : {}),
    });
  }

  return {
    /**
     * Replaces a live memory: the new version (body over the old one) passes the write gate and the embedder
     * like any remembered memory, then one transaction stores it, supersedes the old one and links both ways.
     */
    async replace(principal: Principal, id: string, body: ReplaceInput): Promise<ReplaceResponse> {
      const old = visibleOrNotFound(
        principal,
        await deps.store.withTenant(principal, (tx) => tx.getMemory(id)),
      );
      // Checked here to spare the gate and the embedder; replace_memory checks again under a row lock.
      if (old.revoked_at) throw notLive('revoked', old);
      if (old.superseded_by) throw notLive('superseded', old);
      if (old.expires_at && Date.parse(old.expires_at) <= now().getTime()) throw notLive('expired', old);

      const input = replacementInput(old, body, now());
      const gate = (await pipeline.screen(principal, [input]))[0]!.verdict;
      if (gate.decision === 'rejected') {
        throw new AppError('rejected_by_gate', 'rejected by the write gate', { reasons: gate.reasons });
      }
      const { record, vector } = (await pipeline.prepare(principal, [{ input, verdict: gate }]))[0]!;
      const outcome = await deps.store.withTenant(principal, (tx) =>
        tx.replaceMemory(id, record, vector, body.reason),
      );
      switch (outcome.status) {
        case 'replaced':
          return {
            memory: outcome.memory!,
            replaced: outcome.replaced!,
            gate: {
              decision: 'accepted',
              trust: gate.trust,
              flags: gate.flags,
              superseded: [id, ...outcome.superseded],
            },
          };
        case 'duplicate':
          throw new AppError('conflict', 'this content is already a live memory of the subject', {
            memory_id: outcome.memory?.id,
          });
        case 'not_found':
          throw new AppError('not_found', 'memory not found');
        default:
          // Replaced, revoked or expired by another request since it was read.
          throw notLive(outcome.status, outcome.replaced);
      }
    },

    /** Erases every memory and vector of a subject and redacts its audit trail; returns counts and a receipt. */
    async eraseSubject(principal: Principal, subject: string): Promise<SubjectErasure> {
      requireSubject(principal, subject);
      const started = performance.now();
      const { erased, receipt_id } = await deps.store.withTenant(principal, async (tx) => {
        const result = await tx.eraseSubject(subject);
        // Operations block: the subject's recall events (ids and its name) go in the same transaction.
        await tx.eraseRecallEvents(subject);
        return result;
      });
      deps.metrics?.record(eraseEvent('subject', erased, performance.now() - started));
      deps.logger.info('forget.subject_erased', { ...erased, receipt_id });
      return { erased, receipt_id };
    },

    /**
     * A subject's memories, every version, oldest first. The first page is read before this resolves (so that
     * errors still become a status code); the rest is read page by page while the caller consumes it.
     */
    async exportSubject(principal: Principal, subject: string): Promise<AsyncIterable<Memory>> {
      requireSubject(principal, subject);
      const page = (after?: ExportCursor) =>
        deps.store.withTenant(principal, (tx) => tx.exportSubject(subject, exportPageSize, after));
      const first = await page();
      return {
        async *[Symbol.asyncIterator]() {
          let current = first;
          while (true) {
            yield* current.items;
            if (!current.next) return;
            current = await page(current.next);
          }
        },
      };
    },

    /** Erases a whole tenant (operator). */
    async eraseTenant(tenantId: string): Promise<TenantErasure> {
      const started = performance.now();
      const result = await deps.store.withOperator((op) => op.eraseTenant(tenantId));
      if (!result) throw new AppError('not_found', 'tenant not found');
      deps.metrics?.record(eraseEvent('tenant', result.erased, performance.now() - started));
      deps.logger.info('forget.tenant_erased', { ...result.erased, receipt_id: result.receipt_id });
      return result;
    },
  };
}

export type ForgetService = ReturnType<typeof createForgetService>;
