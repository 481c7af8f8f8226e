// The Cloudflare Worker entry: builds Engram from the bindings for each invocation, hands requests to the same Hono
// app as the Node server, and runs the background jobs on Cron Triggers. Wiring only.
import { ConfigError } from '../src/config.ts';
import { AppError, toEnvelope } from '../src/core/errors.ts';
import { MIGRATION_NAMES } from '../src/db/migration-manifest.ts';
import { evaluateWrite } from '../src/gate/index.ts';
import { runScheduled } from '../src/jobs/scheduler.ts';
import { composeEdgeEngram, type EdgeScope, openEdgeScope, untilBodySent } from '../src/server/edge.ts';
import { parseWorkerConfig, type WorkerConfig } from '../src/server/worker-config.ts';
import { consoleJsonLogger } from '../src/server/worker-logger.ts';
import { CRON_SCHEDULE, scheduledJobs } from './scheduled-jobs.ts';

/** Bindings that wrangler.toml may add (commented out there), so absent from the generated `Env`. */
type WorkerEnv = Env & { AI?: Ai; HYPERDRIVE?: Hyperdrive };

const logger = consoleJsonLogger();
/** A bad configuration is logged once per isolate, not on every request it fails. */
let configErrorLogged = false;

function loadConfig(env: WorkerEnv): WorkerConfig | null {
  try {
    return parseWorkerConfig(env as unknown as Record<string, unknown>);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    if (!configErrorLogged) {
      configErrorLogged = true;
      logger.error('config.invalid', { issues: error.issues.join('; ') });
    }
    return null;
  }
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
    const config = loadConfig(env);
    if (!config) return failure('the server configuration is invalid; see the Worker logs');
    let scope: EdgeScope | undefined;
    try {
      scope = await openEdgeScope(config, { logger, ai: env.AI });
      const engram = composeEdgeEngram(scope, config, {
        gate: evaluateWrite,
        logger,
        migrations: MIGRATION_NAMES,
      });
      const { response, sent } = untilBodySent(await engram.app.fetch(request));
      // Sockets die with the invocation: close the pool once the body is out (an export streams from the
      // database) and deferred work (recall bookkeeping) is done.
      const open = scope;
      ctx.waitUntil(sent.then(() => open.close()));
      return response;
    } catch (error) {
      // The app answers its own errors; this is what escapes before it (the embedder could not be built).
      logger.error('worker.unhandled', { error: errorName(error) });
      if (scope) ctx.waitUntil(scope.close());
      return failure('internal error');
    }
  },

  async scheduled(controller, env, ctx): Promise<void> {
    const config = loadConfig(env);
    if (!config) return;
    let scope: EdgeScope | undefined;
    try {
      scope = await openEdgeScope(config, { logger, ai: env.AI });
      // runScheduled never throws: it logs the job's outcome itself.
      await runScheduled(controller.cron, scheduledJobs(scope, config.settings), {
        schedule: CRON_SCHEDULE,
        budgetMs: config.settings.ENGRAM_JOB_BUDGET_MS,
        batchSize: config.settings.ENGRAM_JOB_BATCH_SIZE,
        logger,
      });
    } catch (error) {
      logger.error('worker.unhandled', { cron: controller.cron, error: errorName(error) });
    } finally {
      if (scope) ctx.waitUntil(scope.close());
    }
  },
} satisfies ExportedHandler<WorkerEnv>;
