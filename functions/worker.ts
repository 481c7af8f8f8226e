// The Cloudflare Worker entry: builds Engram once per isolate from the bindings, serves each request (and each Cron
// Trigger) with a database pool of its own, closed once the response body is out. Wiring only.
import { ConfigError, parseWorkerConfig } from '../src/config/index.ts';
import { AppError, toEnvelope } from '../src/core/errors.ts';
import { MIGRATION_NAMES } from '../src/db/migration-manifest.ts';
import { evaluateWrite } from '../src/gate/index.ts';
import { CRON_SCHEDULE, scheduledJobs } from '../src/jobs/scheduled-jobs.ts';
import { runScheduled } from '../src/jobs/scheduler.ts';
import { createEdgeEngram, type EdgeEngram } from '../src/server/edge.ts';
import { openEdgeScope, untilBodySent } from '../src/server/edge-scope.ts';
import { runInScope } from '../src/server/request-scope.ts';
import { consoleJsonLogger } from '../src/server/worker-logger.ts';

/** Bindings that wrangler.toml may add (commented out there), so absent from the generated `Env`. */
type WorkerEnv = Env & { AI?: Ai; HYPERDRIVE?: Hyperdrive };

const logger = consoleJsonLogger();

/**
 * Engram per isolate, by its bindings (one env object per isolate): the config parsed once, the app built once.
 * Null for a bad configuration, which is so logged once per isolate, not on every request it fails.
 */
const isolates = new WeakMap<object, EdgeEngram | null>();

function engramOf(env: WorkerEnv): EdgeEngram | null {
  let engram = isolates.get(env);
  if (engram !== undefined) return engram;
  try {
    const config = parseWorkerConfig(env as unknown as Record<string, unknown>);
    engram = createEdgeEngram(config, {
      gate: evaluateWrite,
      logger,
      migrations: MIGRATION_NAMES,
      ai: env.AI,
      rerankAi: env.AI,
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    logger.error('config.invalid', { issues: error.issues.join('; ') });
    engram = null;
  }
  isolates.set(env, engram);
  return engram;
}

function failure(message: string): Response {
  return Response.json(toEnvelope(new AppError('internal', message)), { status: 500 });
}

/** What an unexpected error may log: its class, never its message (which can quote data). */
function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

export default {
  async fetch(request, env, ctx): Promise<Response> {
    const engram = engramOf(env);
    if (!engram) return failure('the server configuration is invalid; see the Worker logs');
    const scope = openEdgeScope(engram.config.settings, logger);
    try {
      // The body is relayed inside the scope: an export streams from the database after the handler returned.
      const { response, sent } = await runInScope(scope, async () =>
        untilBodySent(await engram.fetch(request)),
      );
      // Sockets die with the invocation: close the pool once the body is out and deferred work is done.
      ctx.waitUntil(sent.then(() => scope.close()));
      return response;
    } catch (error) {
      // The app answers its own errors; this is what escapes before it (the embedder could not be built).
      logger.error('worker.unhandled', { error: errorName(error) });
      ctx.waitUntil(scope.close());
      return failure('internal error');
    }
  },

  async scheduled(controller, env, ctx): Promise<void> {
    const engram = engramOf(env);
    if (!engram) return;
    const scope = openEdgeScope(engram.config.settings, logger);
    try {
      await runInScope(scope, async () => {
        const jobs = scheduledJobs({
          store: engram.store,
          embedder: await engram.usableEmbedder(),
          revokedRetentionDays: engram.config.settings.ENGRAM_REVOKED_RETENTION_DAYS,
          extraction: { extractor: engram.extractor, gate: engram.gate, logger },
        });
        // runScheduled never throws: it logs the job's outcome itself.
        await runScheduled(controller.cron, jobs, {
          schedule: CRON_SCHEDULE,
          budgetMs: engram.config.settings.ENGRAM_JOB_BUDGET_MS,
          batchSize: engram.config.settings.ENGRAM_JOB_BATCH_SIZE,
          logger,
        });
      });
    } catch (error) {
      logger.error('worker.unhandled', { cron: controller.cron, error: errorName(error) });
    } finally {
      ctx.waitUntil(scope.close());
    }
  },
} satisfies ExportedHandler<WorkerEnv>;
