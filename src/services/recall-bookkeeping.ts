// Recall bookkeeping (recall counts, and the recall event that feedback refers to) batched off the hot path: the
// recalls of a short window share one transaction per tenant and actor instead of one each (issue 18 item 4). Only
// where the process owns its store connection (Node); a Worker hands each recall's work to ctx.waitUntil instead,
// because its connections belong to one request.
import type { Logger } from '../core/logger.ts';
import type { MemoryStore, TenantScope, TenantStore } from '../ports/store.ts';

export interface RecallRecord {
  scope: TenantScope;
  recallId: string;
  subject: string;
  returned: readonly string[];
}

/**
 * One recall's bookkeeping in the caller's transaction (the Worker's per-recall path). The event first: record_recalls
 * takes the subject's erase lock (shared), so that an erasure and this bookkeeping queue instead of deadlocking on
 * the memories' rows; recordRecalls keeps that order for one recall as for a batch.
 */
export async function writeRecallRecord(tx: TenantStore, r: Omit<RecallRecord, 'scope'>): Promise<void> {
  await tx.recordRecalls([r]);
}

export interface BookkeepingOptions {
  /** How long the first recall of a batch waits for others (feedback may only refer to it after this). */
  windowMs?: number;
  /** A batch this large is written at once. */
  maxBatch?: number;
}

export function createRecallBookkeeping(
  store: MemoryStore,
  logger: Logger,
  options: BookkeepingOptions = {},
) {
  // 100 ms, not 20: at 16 clients and ~80 recalls/s a 20 ms window held about one recall, so bookkeeping still
  // cost 0.42 transactions a recall (1.42 in all); at 100 ms it measured 1.1. Feedback to this process settles
  // the batch first (settleBookkeeping); feedback to another server waits up to this long (docs/api.md).
  const windowMs = options.windowMs ?? 100;
  const maxBatch = options.maxBatch ?? 100;
  let pending: RecallRecord[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  // One batch written at a time: two in flight would update the same memories' rows in different orders (a
  // deadlock, which loses a batch) and compete for the pool with the recalls; and a flush must also wait for the
  // batch already being written, or feedback settled with nothing pending could miss the event of that batch.
  let writing: Promise<void> = Promise.resolve();

  async function write(records: RecallRecord[]): Promise<void> {
    const groups = new Map<string, RecallRecord[]>();
    for (const r of records) {
      const key = `${r.scope.tenantId}\u0000${r.scope.actor}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    await Promise.all(
      [...groups.values()].map((group) =>
        store
          // The whole batch in two statements (it was two per recall: at 16 clients, 2 of a recall's 8 statements);
          // record_recalls takes the subjects' erase locks in one order, so two batches take them alike.
          .withTenant(group[0]!.scope, (tx) => tx.recordRecalls(group))
          .catch(() => logger.warn('recall.bookkeeping_failed', { recalls: group.length })),
      ),
    );
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    // write() never rejects (each group's failure is logged), so the chain never breaks.
    if (batch.length > 0) writing = writing.then(() => write(batch));
    return writing;
  }

  return {
    add(record: RecallRecord): void {
      pending.push(record);
      if (pending.length >= maxBatch) void flush();
      else if (!timer) timer = setTimeout(() => void flush(), windowMs);
    },
    /** Writes what is waiting now (tests, shutdown). */
    flush,
  };
}

export type RecallBookkeeping = ReturnType<typeof createRecallBookkeeping>;
