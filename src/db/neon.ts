// Opens a @neondatabase/serverless Pool (Postgres over WebSocket) as a SqlExecutor: the Worker's database driver.
import { neonConfig, Pool } from '@neondatabase/serverless';
import type { SqlExecutor } from '../ports/sql.ts';
import { type PgPoolLike, poolExecutor } from './pg-executor.ts';

export interface NeonPoolOptions {
  /**
   * A WebSocket-to-TCP proxy in front of a Postgres that is not Neon (local development, tests), as
   * `host:port/path` without a scheme, e.g. `127.0.0.1:8080/v2`. The proxy then carries plain `ws://` and the
   * Postgres protocol inside it is not encrypted either: only for a proxy on the same machine.
   */
  wsProxy?: string | undefined;
  /** Connections per pool; a Worker request rarely needs more than a few. */
  max?: number | undefined;
  /** A WebSocket constructor where there is no global one (Node 20); Workers have one. */
  webSocketConstructor?: typeof WebSocket | undefined;
}

/**
 * A pool for one request: on Workers a socket cannot outlive the request that opened it, so the caller closes the
 * executor (`ctx.waitUntil(db.close())`) when the response is out.
 */
export function openNeonPool(url: string, options: NeonPoolOptions = {}): SqlExecutor {
  // neonConfig is process-wide; every request of an isolate reads the same bindings, so it is set the same way.
  if (options.webSocketConstructor) neonConfig.webSocketConstructor = options.webSocketConstructor;
  if (options.wsProxy) {
    const proxy = options.wsProxy;
    neonConfig.wsProxy = (host, port) => `${proxy}?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    // Both pipelining shortcuts assume Neon's own endpoint: pipelineConnect sends a cleartext password before the
    // server asks (a plain Postgres asks for SCRAM), and pipelineTLS a TLS handshake only Neon's proxy expects.
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  const pool = new Pool({ connectionString: url, max: options.max ?? 5 });
  // A connection dropped while idle emits 'error' on the pool; without a listener that would be an uncaught error.
  pool.on('error', () => {});
  return poolExecutor(pool as unknown as PgPoolLike, 'neon');
}
