// One Worker invocation's database: the pool (Hyperdrive when bound, else the Neon driver), the work deferred past
// the response, and the close that waits for both the body and that work before ending the pool.
import type { WorkerSettings } from '../config/index.ts';
import type { Logger } from '../core/logger.ts';
import { openNeonPool } from '../db/neon.ts';
import { openNodePostgres } from '../db/node-pg.ts';
import type { RequestScope } from './request-scope.ts';

export interface EdgeScope extends RequestScope {
  /** Waits for deferred work, then closes the pool: hand it to `ctx.waitUntil`. Never rejects. */
  close(): Promise<void>;
}

/** Pools this isolate opened and closed: a test build reads them (test/support/edge-test-entry.ts). */
export const edgeScopeCounts = { opened: 0, closed: 0 };

export function openEdgeScope(settings: WorkerSettings, logger: Logger): EdgeScope {
  const db = settings.HYPERDRIVE
    ? // Hyperdrive pools connections near the database and speaks plain TCP: node-postgres over cloudflare:sockets.
      openNodePostgres(settings.HYPERDRIVE.connectionString, { max: 5 })
    : openNeonPool(settings.DATABASE_URL ?? '', { wsProxy: settings.ENGRAM_NEON_WS_PROXY });
  edgeScopeCounts.opened += 1;
  const deferred: Promise<unknown>[] = [];
  return {
    db,
    defer(work) {
      deferred.push(work.catch(() => logger.warn('worker.deferred_failed')));
    },
    async close() {
      await Promise.allSettled(deferred);
      await db.close().catch(() => logger.warn('worker.pool_close_failed'));
      edgeScopeCounts.closed += 1;
    },
  };
}

/**
 * Hands back a response whose body, when it has one, is relayed through a stream, and a promise that settles once
 * that body has been sent (or the client went away). A streamed body can still be reading from the database (the
 * subject export pages through it), so the pool must outlive the handler: close it when this settles.
 */
export function untilBodySent(response: Response): { response: Response; sent: Promise<void> } {
  if (!response.body) return { response, sent: Promise.resolve() };
  const relay = new TransformStream<Uint8Array, Uint8Array>();
  const sent = response.body.pipeTo(relay.writable).catch(() => {});
  return { response: new Response(relay.readable, response), sent };
}
