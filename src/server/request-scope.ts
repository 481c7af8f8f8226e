// The database of the invocation being served, for an app built once per Worker isolate. A Worker socket cannot
// outlive the invocation that opened it (workerd: "Cannot perform I/O on behalf of a different request"), so the
// pool is per invocation while the app, its services and their caches (active model, JWKS, OpenAPI document,
// /docs page) live as long as the isolate. The scope rides AsyncLocalStorage (nodejs_compat) through every await
// of the request, of the body it streams and of the work it defers, down to the store's executor.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqlExecutor } from '../ports/sql.ts';

export interface RequestScope {
  /** This invocation's pool. */
  db: SqlExecutor;
  /** Work that may finish after the response (recall bookkeeping); the scope waits for it before closing. */
  defer(work: Promise<unknown>): void;
}

const current = new AsyncLocalStorage<RequestScope>();

/** Runs `work` (a request, a cron run) with `scope` as the current one. */
export function runInScope<T>(scope: RequestScope, work: () => Promise<T>): Promise<T> {
  return current.run(scope, work);
}

function scope(): RequestScope {
  const found = current.getStore();
  // A store call outside any invocation is a wiring bug, never a reason to open a pool of its own.
  if (!found) throw new Error('no request scope: the database is only reachable inside runInScope');
  return found;
}

/**
 * An executor that runs each call on the current invocation's pool: what the isolate's store is built on. Each
 * call resolves the scope when it starts; a transaction then keeps the connection it began on.
 */
export function scopedExecutor(): SqlExecutor {
  return {
    get engine() {
      return scope().db.engine;
    },
    query: (sql, params) => scope().db.query(sql, params),
    exec: (sql) => scope().db.exec(sql),
    transaction: (work) => scope().db.transaction(work),
    // Each invocation closes its own pool (src/server/edge-scope.ts); the isolate's executor has none to close.
    close: async () => {},
  };
}

/** Hands deferred work to the current invocation (the recall service's `defer`). */
export function deferInScope(work: Promise<unknown>): void {
  scope().defer(work);
}
