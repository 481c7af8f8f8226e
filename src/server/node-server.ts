// The Node server (`engram serve`, `npm start`): opens the database, migrates the embedded one, registers the
// embedding model, bootstraps the default tenant and serves the Hono app.
import { serve } from '@hono/node-server';
import { jwtVerifierOf } from '../auth/authenticate.ts';
import { type EngramConfig, extractorConfigOf, rerankerConfigOf } from '../config/index.ts';
import type { Logger } from '../core/logger.ts';
import { migrate } from '../db/migrate.ts';
import { readMigrations } from '../db/migration-files.ts';
import { createExtractor } from '../extract/factory.ts';
import { NODE_CRON_SCHEDULE, scheduledJobs } from '../jobs/scheduled-jobs.ts';
import { runScheduled } from '../jobs/scheduler.ts';
import { type CronTimer, startCronTimer } from '../jobs/timer.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { Extractor } from '../ports/extractor.ts';
import type { WriteGate } from '../ports/gate.ts';
import type { SqlExecutor } from '../ports/sql.ts';
import type { ModelDefaults } from '../ports/store.ts';
import { createReranker } from '../rerank/factory.ts';
import { registerEmbedder } from '../services/register-embedder.ts';
import { createSqlStore } from '../store/sql-store.ts';
import { type BootstrapResult, bootstrapDefaultTenant } from './bootstrap.ts';
import { composeEngram, type Engram } from './compose.ts';
import { credentialsFileName, describeDatabase, openDatabase } from './open-database.ts';
import { databaseReadiness } from './readiness.ts';

export interface NodeServerOptions {
  config: EngramConfig;
  gate: WriteGate;
  /** The embedder, already wrapped with the time budget; null runs lexical only. */
  embedder: Embedder | null;
  /** The model's shipped threshold and fusion weights, stored when the model is registered for the first time. */
  modelDefaults?: ModelDefaults;
  logger: Logger;
  /** Lines for a person (where it listens, keys generated on first start). */
  say?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  engram: Engram;
  db: SqlExecutor;
  bootstrap: BootstrapResult;
  close(): Promise<void>;
}

export async function startNodeServer(options: NodeServerOptions): Promise<RunningServer> {
  const { config, logger } = options;
  const say = options.say ?? (() => {});
  const choice = { databaseUrl: config.DATABASE_URL, dataDir: config.ENGRAM_DATA_DIR };
  const db = await openDatabase(choice);
  const migrations = await readMigrations();
  if (!config.DATABASE_URL || config.ENGRAM_AUTO_MIGRATE) {
    const report = await migrate(db, migrations);
    if (report.applied.length > 0) logger.info('migrations.applied', { count: report.applied.length });
  }
  if (!config.DATABASE_URL) {
    // PGlite has no autovacuum, so it never gathers planner statistics by itself; without them a large subject's
    // recall was measured at 20 s instead of 0.1 s. Cheap at embedded sizes.
    await db.exec('analyze');
  }
  const store = createSqlStore(db, { tenantRole: config.ENGRAM_DB_ROLE });
  if (options.embedder) {
    await registerEmbedder(store, options.embedder, { defaults: options.modelDefaults, activate: true });
  }
  const bootstrap = await bootstrapDefaultTenant(store, {
    dataDir: config.ENGRAM_DATA_DIR,
    apiKey: config.ENGRAM_API_KEY,
    adminKey: config.ENGRAM_ADMIN_KEY,
    credentialsName: await credentialsFileName(choice),
  });
  const rerank = rerankerConfigOf(config);
  // Built once: ingest uses it, and the extract job retries what it deferred.
  const extractor = createExtractor(extractorConfigOf(config), { logger });
  const engram = composeEngram({
    store,
    gate: options.gate,
    embedder: options.embedder,
    extractor,
    reranker: rerank ? { reranker: createReranker(rerank, { logger }), candidates: rerank.candidates } : null,
    logger,
    adminKey: bootstrap.adminKey,
    readiness: databaseReadiness(db, migrations),
    maxBodyBytes: config.ENGRAM_MAX_BODY_BYTES,
    corsOrigins: config.ENGRAM_CORS_ORIGINS,
    jwt: jwtVerifierOf(config),
  });

  // A listen error (a taken port) rejects here, after the database is closed, instead of crashing the process.
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve(
      {
        fetch: engram.app.fetch,
        port: config.PORT,
        hostname: config.HOST,
        // A body that trickles in was held open for minutes (Node's default requestTimeout is 300 s); the
        // timeouts are checked every second instead of every 30 s, so that they hold close to their value.
        serverOptions: {
          headersTimeout: config.ENGRAM_HEADERS_TIMEOUT_MS,
          requestTimeout: Math.max(config.ENGRAM_REQUEST_TIMEOUT_MS, config.ENGRAM_HEADERS_TIMEOUT_MS),
          connectionsCheckingInterval: Math.min(1000, config.ENGRAM_HEADERS_TIMEOUT_MS),
        },
      },
      () => resolve(s),
    );
    s.once('error', reject);
  }).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.HOST}:${port}`;

  const timer = config.ENGRAM_JOBS === 'on' ? startJobs(options, store, extractor) : undefined;
  // The query-level floor's example questions, embedded now rather than on the first recall (1.5-1.9 s with the
  // local blend on a quiet machine); recalls that come first wait for the same work.
  void engram.recall.warm();

  say(
    `Engram listening on ${url} (${describeDatabase(choice)}, embedder ${options.embedder?.model ?? 'none'})`,
  );
  if (bootstrap.generated.apiKey)
    say(
      `API key for tenant "default" (shown once, kept in ${bootstrap.credentialsFile}):\n  ${bootstrap.generated.apiKey}`,
    );
  if (bootstrap.generated.adminKey)
    say(
      `Operator key (shown once, kept in ${bootstrap.credentialsFile}):\n  ${bootstrap.generated.adminKey}`,
    );
  if (!bootstrap.generated.apiKey && !config.ENGRAM_API_KEY)
    say(`API key for tenant "default": see ${bootstrap.credentialsFile}`);

  return {
    url,
    engram,
    db,
    bootstrap,
    async close() {
      await timer?.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

/** The Worker's scheduled jobs and the subject index job, on their schedule, in this process (ENGRAM_JOBS=off leaves them out). */
function startJobs(
  options: NodeServerOptions,
  store: ReturnType<typeof createSqlStore>,
  extractor: Extractor,
): CronTimer {
  const { config, logger } = options;
  const jobs = scheduledJobs({
    store,
    embedder: options.embedder,
    revokedRetentionDays: config.ENGRAM_REVOKED_RETENTION_DAYS,
    extraction: { extractor, gate: options.gate, logger },
    ownsTables: true,
  });
  // runScheduled never throws: it logs each run's outcome (counts only) itself.
  return startCronTimer(Object.keys(NODE_CRON_SCHEDULE), (cron) =>
    runScheduled(cron, jobs, {
      schedule: NODE_CRON_SCHEDULE,
      budgetMs: config.ENGRAM_JOB_BUDGET_MS,
      batchSize: config.ENGRAM_JOB_BATCH_SIZE,
      logger,
    }),
  );
}
