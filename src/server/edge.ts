// Engram for one Worker isolate: the store (over the invocation's pool, src/server/request-scope.ts), the
// embedder and the app, each built once and kept while the isolate lives. Per invocation only the pool.
import { jwtVerifierOf } from '../auth/authenticate.ts';
import { extractorConfigOf, rerankerConfigOf, type WorkerConfig } from '../config/index.ts';
import type { Logger } from '../core/logger.ts';
import { createEmbedder } from '../embedding/factory.ts';
import type { WorkersAiBinding } from '../embedding/workers-ai.ts';
import { createExtractor } from '../extract/factory.ts';
import { createLogMetricsSink } from '../metrics/log-sink.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { Extractor } from '../ports/extractor.ts';
import type { WriteGate } from '../ports/gate.ts';
import type { MemoryStore } from '../ports/store.ts';
import { createReranker } from '../rerank/factory.ts';
import type { WorkersAiRunner } from '../rerank/workers-ai.ts';
import { registerEmbedder } from '../services/register-embedder.ts';
import { createSqlStore } from '../store/sql-store.ts';
import { composeEngram, type Engram } from './compose.ts';
import { databaseReadiness } from './readiness.ts';
import { deferInScope, scopedExecutor } from './request-scope.ts';

export interface EdgeEngramDeps {
  gate: WriteGate;
  logger: Logger;
  /** Names of the migrations this build ships; readiness reports the ones the database lacks. */
  migrations: readonly string[];
  /** The Workers AI binding, when bound (a binding of the isolate's env, the same for each of its requests). */
  ai?: WorkersAiBinding | undefined;
  /** The same binding as the reranker sees it (ENGRAM_RERANKER=workers-ai). */
  rerankAi?: WorkersAiRunner | undefined;
}

export interface EdgeEngram {
  config: WorkerConfig;
  /** The isolate's store; usable inside runInScope only. */
  store: MemoryStore;
  /** The embedder once its model is registered (a round trip, once per isolate); null without one. In scope. */
  usableEmbedder(): Promise<Embedder | null>;
  /** The isolate's extractor and gate, for the extract job. */
  extractor: Extractor;
  gate: WriteGate;
  /** Serves a request with the isolate's app; call it inside runInScope. */
  fetch(request: Request): Promise<Response>;
}

/** Apps this isolate built: a test build reads it to see two requests share one (test/support/edge-test-entry.ts). */
export const edgeAppCounts = { built: 0 };

export function createEdgeEngram(config: WorkerConfig, deps: EdgeEngramDeps): EdgeEngram {
  const db = scopedExecutor();
  const store = createSqlStore(db, { tenantRole: config.settings.ENGRAM_DB_ROLE });
  let embedder: Embedder | null | undefined;
  let registered = false;
  // Two variants at most: the app with its embedder, and, while the model cannot be registered yet (database
  // unreachable, model known with other dimensions), one without, so writes are kept pending and recall answers
  // lexically with `degraded` instead of failing. Each is built on first use and kept.
  const apps = new Map<boolean, Engram>();
  // Built once per isolate, like the embedder: the offline patterns by default, or the configured chat model.
  const extractor = createExtractor(extractorConfigOf(config.settings), { logger: deps.logger });
  const rerank = rerankerConfigOf(config.settings);
  const reranker = rerank
    ? {
        reranker: createReranker(rerank, { ai: deps.rerankAi, logger: deps.logger }),
        candidates: rerank.candidates,
      }
    : null;

  async function usableEmbedder(): Promise<Embedder | null> {
    if (!config.embedder) return null;
    embedder ??= await createEmbedder(config.embedder, { ai: deps.ai, logger: deps.logger });
    if (registered) return embedder;
    try {
      await registerEmbedder(store, embedder, { activate: true });
      registered = true;
      return embedder;
    } catch (error) {
      deps.logger.warn('worker.model_register_failed', {
        code: (error as { code?: string }).code ?? 'unknown',
      });
      return null;
    }
  }

  function appWith(usable: Embedder | null): Engram {
    let engram = apps.get(usable !== null);
    if (!engram) {
      engram = composeEngram({
        store,
        gate: deps.gate,
        embedder: usable,
        extractor,
        reranker,
        logger: deps.logger,
        adminKey: config.settings.ENGRAM_ADMIN_KEY,
        // The readiness probe compares names only; the SQL itself never ships in the Worker.
        readiness: databaseReadiness(
          db,
          deps.migrations.map((name) => ({ name, sql: '' })),
        ),
        maxBodyBytes: config.settings.ENGRAM_MAX_BODY_BYTES,
        corsOrigins: config.settings.ENGRAM_CORS_ORIGINS,
        // Recall bookkeeping runs after the response: the invocation's waitUntil must cover it.
        defer: deferInScope,
        // Built with the app, so the JWKS it caches lives as long as the isolate.
        jwt: jwtVerifierOf(config.settings),
        // No scrape endpoint on Workers: each metric event is one log line for the platform to aggregate.
        metrics: createLogMetricsSink(deps.logger),
      });
      apps.set(usable !== null, engram);
      edgeAppCounts.built += 1;
    }
    return engram;
  }

  return {
    config,
    store,
    extractor,
    gate: deps.gate,
    usableEmbedder,
    async fetch(request) {
      return appWith(await usableEmbedder()).app.fetch(request);
    },
  };
}
