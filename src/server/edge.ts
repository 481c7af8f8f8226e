// Engram for one Worker invocation: the database pool, store and embedder a request or a cron run uses, and the
// app built on them. Workers forbid reusing a socket across invocations, so all of it lives for one invocation.
import { jwtConfigOf, jwtVerifierOf } from '../auth/authenticate.ts';
import type { JwtVerifier } from '../auth/jwt.ts';
import type { Logger } from '../core/logger.ts';
import { openNeonPool } from '../db/neon.ts';
import { openNodePostgres } from '../db/node-pg.ts';
import { createEmbedder } from '../embedding/factory.ts';
import type { WorkersAiBinding } from '../embedding/workers-ai.ts';
import { createLogMetricsSink } from '../metrics/log-sink.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { WriteGate } from '../ports/gate.ts';
import type { SqlExecutor } from '../ports/sql.ts';
import type { MemoryStore } from '../ports/store.ts';
import { registerEmbedder } from '../services/register-embedder.ts';
import { createSqlStore } from '../store/sql-store.ts';
import { composeEngram, type Engram } from './compose.ts';
import { databaseReadiness } from './readiness.ts';
import type { WorkerConfig, WorkerSettings } from './worker-config.ts';

export interface EdgeScope {
  db: SqlExecutor;
  store: MemoryStore;
  /** Wrapped with the time budget; null when ENGRAM_EMBEDDER=none. */
  embedder: Embedder | null;
  /** Work that may finish after the response (recall bookkeeping); `close` waits for it. */
  defer(work: Promise<unknown>): void;
  /** Waits for deferred work, then closes the pool: hand it to `ctx.waitUntil`. Never rejects. */
  close(): Promise<void>;
}

export interface EdgeScopeDeps {
  logger: Logger;
  /** The Workers AI binding, when bound. */
  ai?: WorkersAiBinding | undefined;
}

/** Models registered by this isolate: registration is idempotent but costs a round trip, so once per isolate. */
const registeredModels = new Set<string>();

/** Opens the pool (Hyperdrive when bound, else the Neon driver) and builds the store and embedder on it. */
export async function openEdgeScope(config: WorkerConfig, deps: EdgeScopeDeps): Promise<EdgeScope> {
  const { settings } = config;
  const db = settings.HYPERDRIVE
    ? // Hyperdrive pools connections near the database and speaks plain TCP: node-postgres over cloudflare:sockets.
      openNodePostgres(settings.HYPERDRIVE.connectionString, { max: 5 })
    : openNeonPool(settings.DATABASE_URL ?? '', { wsProxy: settings.ENGRAM_NEON_WS_PROXY });
  const store = createSqlStore(db, { tenantRole: settings.ENGRAM_DB_ROLE });
  const deferred: Promise<unknown>[] = [];
  try {
    const configured = config.embedder
      ? await createEmbedder(config.embedder, { ai: deps.ai, logger: deps.logger })
      : null;
    const embedder =
      configured && (await registerModelOnce(store, configured, deps.logger)) ? configured : null;
    return {
      db,
      store,
      embedder,
      defer(work) {
        deferred.push(work.catch(() => deps.logger.warn('worker.deferred_failed')));
      },
      async close() {
        await Promise.allSettled(deferred);
        await db.close().catch(() => deps.logger.warn('worker.pool_close_failed'));
      },
    };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
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

export interface EdgeAppDeps {
  gate: WriteGate;
  logger: Logger;
  /** Names of the migrations this build ships; readiness reports the ones the database lacks. */
  migrations: readonly string[];
}

/** The Engram app over one scope: the same composition root as the Node server. */
export function composeEdgeEngram(scope: EdgeScope, config: WorkerConfig, deps: EdgeAppDeps): Engram {
  return composeEngram({
    store: scope.store,
    gate: deps.gate,
    embedder: scope.embedder,
    logger: deps.logger,
    adminKey: config.settings.ENGRAM_ADMIN_KEY,
    // The readiness probe compares names only; the SQL itself never ships in the Worker.
    readiness: databaseReadiness(
      scope.db,
      deps.migrations.map((name) => ({ name, sql: '' })),
    ),
    maxBodyBytes: config.settings.ENGRAM_MAX_BODY_BYTES,
    defer: scope.defer,
    jwt: jwtVerifierFor(config.settings),
    // No scrape endpoint on Workers: each metric event is one log line for the platform to aggregate.
    metrics: createLogMetricsSink(deps.logger),
  });
}

/** The isolate's JWT verifier, by settings: it caches the JWKS, which must not be fetched on every request. */
const verifiers = new Map<string, JwtVerifier | null>();

function jwtVerifierFor(settings: WorkerSettings): JwtVerifier | null {
  const key = JSON.stringify(jwtConfigOf(settings));
  let verifier = verifiers.get(key);
  if (verifier === undefined) {
    verifier = jwtVerifierOf(settings);
    verifiers.set(key, verifier);
  }
  return verifier;
}

/**
 * Registers the configured model (and its vector index) the first time this isolate sees it: a vector can only be
 * stored under a registered model. On failure (database unreachable, model registered with other dimensions) it
 * logs, returns false and the next request retries; this request runs without an embedder, so writes are kept as
 * pending and recall answers lexically with `degraded` rather than failing.
 */
async function registerModelOnce(store: MemoryStore, embedder: Embedder, logger: Logger): Promise<boolean> {
  const key = `${embedder.model}:${embedder.dimensions}`;
  if (registeredModels.has(key)) return true;
  try {
    await registerEmbedder(store, embedder, { activate: true });
    registeredModels.add(key);
    return true;
  } catch (error) {
    logger.warn('worker.model_register_failed', { code: (error as { code?: string }).code ?? 'unknown' });
    return false;
  }
}
