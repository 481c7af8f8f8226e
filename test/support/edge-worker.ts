// Starts the real Worker (functions/worker.ts, wrangler.toml) in workerd through wrangler's unstable_startWorker,
// offline, with the given bindings; collects the JSON events it logs; sends real HTTP requests to it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlExecutor } from '../../src/ports/sql.ts';

/** One structured event the Worker logged (what consoleJsonLogger writes). */
export interface WorkerEvent {
  level: string;
  event: string;
  [field: string]: unknown;
}

export interface EdgeWorker {
  url: URL;
  /** Events logged by the Worker so far, in order. */
  readonly events: readonly WorkerEvent[];
  /** Sends a request over HTTP; `key` becomes the bearer token, `body` is sent as JSON. */
  call(
    method: string,
    path: string,
    options?: { key?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Fires the scheduled handler for `cron` through `/__scheduled` (the runtime's own test route). */
  scheduled(cron: string): Promise<Response>;
  /** Waits until an event matching `match` is logged (deferred work runs after the response). */
  waitForEvent(match: (event: WorkerEvent) => boolean, timeoutMs?: number): Promise<WorkerEvent>;
  dispose(): Promise<void>;
}

export interface EdgeWorkerOptions {
  /** Plain vars (as in `[vars]`) and secrets, by name; they override wrangler.toml's vars. */
  vars?: Record<string, string>;
  secrets?: Record<string, string>;
  /** A local Postgres URL to bind as HYPERDRIVE (wrangler's local Hyperdrive). */
  hyperdrive?: string;
  /** Another entry than wrangler.toml's `main`, e.g. the test build test/support/edge-test-entry.ts. */
  entrypoint?: string;
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Keeps every JSON object with an `event` field that the Worker writes through the wrangler process. */
function captureEvents(events: WorkerEvent[]): () => void {
  const scan = (chunk: unknown) => {
    for (const line of String(chunk).replace(ANSI, '').split('\n')) {
      const start = line.indexOf('{"level"');
      if (start < 0) continue;
      try {
        events.push(JSON.parse(line.slice(start).trim()) as WorkerEvent);
      } catch {
        // A line that only looks like an event; the Worker writes one complete object per line.
      }
    }
  };
  // wrangler relays the Worker's console through its logger, which calls the test process's console (vitest
  // intercepts console, not the streams, so the methods are what to wrap).
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const originals = methods.map((name) => [name, console[name]] as const);
  for (const [name, original] of originals) {
    console[name] = (...args: unknown[]) => {
      for (const arg of args) scan(arg);
      original.apply(console, args);
    };
  }
  return () => {
    for (const [name, original] of originals) console[name] = original;
  };
}

export async function startEdgeWorker(options: EdgeWorkerOptions = {}): Promise<EdgeWorker> {
  // Offline: no metrics, no cf.json download, and wrangler's own config and logs in a scratch directory.
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  process.env.XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'engram-wrangler-'));
  const { unstable_startWorker } = await import('wrangler');

  const bindings: Record<string, { type: string; [key: string]: unknown }> = {};
  for (const [name, value] of Object.entries(options.vars ?? {}))
    bindings[name] = { type: 'plain_text', value };
  for (const [name, value] of Object.entries(options.secrets ?? {}))
    bindings[name] = { type: 'secret_text', value };
  if (options.hyperdrive) {
    bindings.HYPERDRIVE = { type: 'hyperdrive', id: 'local', localConnectionString: options.hyperdrive };
  }

  const events: WorkerEvent[] = [];
  const stopCapture = captureEvents(events);
  const worker = await unstable_startWorker({
    config: 'wrangler.toml',
    ...(options.entrypoint ? { entrypoint: options.entrypoint } : {}),
    // Only the bindings given here: a developer's .dev.vars must not leak into the tests.
    envFiles: [],
    // wrangler 4.86.0 does not derive the nodejs_compat mode for unstable_startWorker (see machine-pitfalls).
    build: { nodejsCompatMode: 'v2' },
    bindings: bindings as never,
    sendMetrics: false,
    dev: {
      server: { hostname: '127.0.0.1', port: 0 },
      inspector: false,
      watch: false,
      persist: false,
      testScheduled: true,
      logLevel: 'log',
    },
  });
  await worker.ready;
  const url = await worker.url;

  return {
    url,
    events,
    call(method, path, { key, body, headers = {} } = {}) {
      return fetch(new URL(path, url), {
        method,
        headers: {
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    },
    scheduled(cron) {
      return fetch(new URL(`/__scheduled?cron=${encodeURIComponent(cron)}`, url));
    },
    async waitForEvent(match, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`no matching Worker event within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async dispose() {
      try {
        await worker.dispose();
      } finally {
        stopCapture();
      }
    },
  };
}

/**
 * Sessions other than `db`'s own on its database: the Worker's, while an invocation or its waitUntil work runs.
 * The Worker closes its pool after each invocation, so this drops to 0 once it is idle.
 */
export async function otherSessions(db: SqlExecutor): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return rows[0]?.n ?? 0;
}
