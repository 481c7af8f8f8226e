// Audit service: reads the trail of the caller's tenant (who did what, when, why; never content).
import { subjectFilter } from '../access/index.ts';
import type { AuditEvent } from '../contract/index.ts';
import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/principal.ts';
import type { MemoryStore } from '../ports/store.ts';

export interface AuditQuery {
  subject?: string | undefined;
  memoryId?: string | undefined;
  limit: number;
  /** next_cursor of the previous page. */
  cursor?: string | undefined;
}

/** The cursor is the id of the last event returned (a decimal bigint). */
function afterIdOf(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  if (!/^[0-9]{1,18}$/.test(cursor))
    throw new AppError('invalid_request', 'cursor is not valid', { field: 'cursor' });
  return cursor;
}

export function createAuditService(store: MemoryStore) {
  return {
    /**
     * Events oldest first. An end user (JWT) sees only its own subject's events. Ids are assigned when an event is
     * inserted, not when it commits, so a reader that follows the cursor while writes are in flight can miss an
     * event that commits late; re-reading from an earlier cursor finds it.
     */
    async list(
      principal: Principal,
      query: AuditQuery,
    ): Promise<{ items: AuditEvent[]; next_cursor: string | null }> {
      const subject = subjectFilter(principal, query.subject);
      const items = await store.withTenant(principal, (tx) =>
        tx.listAudit({
          subject,
          memoryId: query.memoryId,
          limit: query.limit,
          afterId: afterIdOf(query.cursor),
        }),
      );
      const last = items.at(-1);
      return { items, next_cursor: items.length === query.limit && last ? last.id : null };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
