// Every setting of Engram in one zod schema, with one set of bounds: the Node server and CLI read it from the
// environment, the Worker from its bindings. Values arrive as text; an empty one counts as unset.
import { z } from 'zod';
import { LOCAL_MODELS } from '../embedding/local-models.ts';
import { OPENAI_DEFAULT_MODEL, OPENAI_NATIVE_DIMENSIONS } from '../embedding/openai.ts';
import { DEFAULT_EMBED_TIMEOUT_MS } from '../embedding/with-timeout.ts';
import { WORKERS_AI_DEFAULT_MODEL, WORKERS_AI_DIMENSIONS } from '../embedding/workers-ai.ts';
import { missingOfficialKey } from '../openai/client.ts';
import { DEFAULT_RERANK_TIMEOUT_MS } from '../rerank/with-timeout.ts';

/** Trimmed text, or undefined when unset or blank. */
const text = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/**
 * An integer in [min, max] written with digits only: "1e3", "12ms", "1.5s" or "-5" are refused rather than guessed
 * at (Number() would read the first two as 1000 and NaN).
 */
const integer = (min: number, max: number) =>
  text.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number written with digits')
      .transform(Number)
      .pipe(z.int().min(min).max(max))
      .optional(),
  );

const withDefault = <T extends z.ZodType>(schema: T, fallback: NonNullable<z.output<T>>) =>
  schema.transform((value) => value ?? fallback);

const key = (min: number) => text.pipe(z.string().min(min, `must be at least ${min} characters`).optional());

const httpUrl = text.pipe(z.url({ protocol: /^https?$/ }).optional());

export const EMBEDDER_PROVIDERS = ['local', 'openai', 'workers-ai', 'fake', 'none'] as const;
export const RERANKER_PROVIDERS = ['none', 'workers-ai', 'http'] as const;

/** The settings, by variable name. Grouped: server, database, keys, embedder, Supabase JWTs, Worker, local files. */
export const SETTINGS = {
  PORT: withDefault(integer(0, 65_535), 8787),
  HOST: withDefault(text, '127.0.0.1'),
  DATABASE_URL: text.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  ENGRAM_AUTO_MIGRATE: text.pipe(
    z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  ),
  ENGRAM_DB_ROLE: withDefault(
    text.pipe(
      z
        .string()
        .regex(/^[a-z_][a-z0-9_]*$/)
        .optional(),
    ),
    'engram_app',
  ),
  /**
   * Comma-separated origins (`https://app.example.com`) whose pages may call the API from a browser, or `*` for any;
   * none by default. Credentials (cookies) are never allowed: the API authenticates with a bearer header.
   */
  ENGRAM_CORS_ORIGINS: text
    .transform((value) => (value === undefined ? [] : value.split(',').map((origin) => origin.trim())))
    .pipe(
      z.union([
        z.tuple([z.literal('*')]),
        z.array(
          z
            .string()
            .regex(
              /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/,
              'must be "*" or comma-separated origins such as https://app.example.com (scheme, host and port only)',
            ),
        ),
      ]),
    ),
  ENGRAM_MAX_BODY_BYTES: withDefault(integer(1024, 64 * 1024 * 1024), 6 * 1024 * 1024),
  /** Days a revoked memory is kept (for audit and undo) before the sweep purges it. */
  ENGRAM_REVOKED_RETENTION_DAYS: withDefault(integer(0, 3650), 30),
  ENGRAM_API_KEY: key(16),
  ENGRAM_ADMIN_KEY: key(16),

  /** Which embedder; the default is the runtime's (local on Node, openai on the Worker: src/config/worker.ts). */
  ENGRAM_EMBEDDER: withDefault(text.pipe(z.enum(EMBEDDER_PROVIDERS).optional()), 'local'),
  ENGRAM_EMBED_MODEL: text,
  // pgvector stores up to 16000 dimensions; anything larger is a typo.
  ENGRAM_EMBED_DIMENSIONS: integer(1, 16_000),
  /** The hard budget of one embedding call; a 1 ms budget could never succeed, two minutes is a batch's worst. */
  ENGRAM_EMBED_TIMEOUT_MS: withDefault(integer(10, 120_000), DEFAULT_EMBED_TIMEOUT_MS),
  ENGRAM_EMBED_BATCH_SIZE: withDefault(integer(1, 2048), 96),
  OPENAI_API_KEY: text,
  OPENAI_BASE_URL: httpUrl,

  // The optional reranking stage of recall (src/rerank; docs/models.md): off unless set.
  ENGRAM_RERANKER: withDefault(text.pipe(z.enum(RERANKER_PROVIDERS).optional()), 'none'),
  /** workers-ai: default @cf/baai/bge-reranker-base; http: required (rerank-v3.5, jina-reranker-v2-base-multilingual...). */
  ENGRAM_RERANK_MODEL: text,
  /** http: the endpoint (https://api.cohere.com/v2/rerank...); workers-ai over REST: the API base. */
  ENGRAM_RERANK_URL: httpUrl,
  /** http: the bearer token; workers-ai over REST (outside a Worker): the Cloudflare API token. */
  ENGRAM_RERANK_API_KEY: text,
  /** workers-ai over REST: the Cloudflare account id (a Worker uses its AI binding instead). */
  ENGRAM_RERANK_ACCOUNT_ID: text,
  /** The rerank call's own budget, on top of the embedding's: past it recall keeps the fusion order, degraded. */
  ENGRAM_RERANK_TIMEOUT_MS: withDefault(integer(10, 30_000), DEFAULT_RERANK_TIMEOUT_MS),
  /** How many of the best fused candidates are reranked. */
  ENGRAM_RERANK_CANDIDATES: withDefault(integer(1, 150), 20),

  // The extractor of memories from chat turns (src/extract; docs/extraction.md), used by ingest (extract: auto), the
  // extract job and scripts/extract-score.ts --model.
  ENGRAM_EXTRACTOR: withDefault(text.pipe(z.enum(['offline', 'openai']).optional()), 'offline'),
  ENGRAM_EXTRACT_MODEL: text,
  ENGRAM_EXTRACT_BASE_URL: httpUrl,
  ENGRAM_EXTRACT_API_KEY: text,
  ENGRAM_EXTRACT_OUTPUT: text.pipe(z.enum(['json_schema', 'tool']).optional()),
  ENGRAM_EXTRACT_TIMEOUT_MS: integer(10, 120_000),

  // Supabase JWTs (src/auth): enabled when a secret (HS256) or a JWKS URL (RS256/ES256) is set.
  SUPABASE_JWT_SECRET: key(32),
  SUPABASE_JWKS_URL: httpUrl,
  SUPABASE_JWT_ISSUER: text,
  /** Comma-separated accepted audiences. */
  SUPABASE_JWT_AUDIENCE: withDefault(text, 'authenticated'),
  ENGRAM_JWT_TENANT_CLAIM: withDefault(
    text.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/, 'a dotted claim path such as app_metadata.tenant_id')
        .optional(),
    ),
    'app_metadata.tenant_id',
  ),
  ENGRAM_JWT_CLOCK_SKEW_S: withDefault(integer(0, 600), 60),
  /** Longest accepted JWT lifetime (exp after iat and after now); Supabase allows at most one week. */
  ENGRAM_JWT_MAX_LIFETIME_S: withDefault(integer(60, 31_536_000), 7 * 24 * 3600),
  /** Node server: time to receive a request's headers, and the whole request (a body that trickles in). */
  ENGRAM_HEADERS_TIMEOUT_MS: withDefault(integer(100, 600_000), 10_000),
  ENGRAM_REQUEST_TIMEOUT_MS: withDefault(integer(100, 600_000), 30_000),

  /** The Worker's Hyperdrive binding (an object, not text): its one field Engram reads. */
  HYPERDRIVE: z.object({ connectionString: z.string().regex(/^postgres(ql)?:\/\//) }).optional(),
  /** Development and tests only: a WebSocket-to-TCP proxy (`host:port/path`) in front of a non-Neon Postgres. */
  ENGRAM_NEON_WS_PROXY: text.pipe(
    z
      .string()
      .regex(/^[^/:]+:\d+(\/\S*)?$/, 'must be host:port/path, without a scheme')
      .optional(),
  ),
  /**
   * `off` stops the Node server from running the scheduled jobs itself (sweep, backfill, re-embed on the Worker's
   * cron schedule); for a deployment whose jobs run elsewhere (an external cron calling the CLI).
   */
  ENGRAM_JOBS: withDefault(text.pipe(z.enum(['on', 'off']).optional()), 'on'),
  /** Wall-clock budget of one scheduled job; Cron Triggers allow minutes, a job stops well before. */
  ENGRAM_JOB_BUDGET_MS: withDefault(integer(100, 600_000), 25_000),
  /** Rows one scheduled job touches per batch. */
  ENGRAM_JOB_BATCH_SIZE: withDefault(integer(1, 1_000), 100),

  ENGRAM_DATA_DIR: withDefault(text, './.engram'),
  /** Where the local model's word table cache lives; default node_modules/.cache/engram. */
  ENGRAM_CACHE_DIR: text,
  /** Any value: the CLI prints the stack of an unexpected error (which may quote values) instead of one line. */
  ENGRAM_DEBUG: text.transform((value) => value !== undefined),
};

type Settings = { [K in keyof typeof SETTINGS]: z.output<(typeof SETTINGS)[K]> };

/** The rules that tie embedder settings together: a key for api.openai.com, a size for a model of unknown size. */
export function checkEmbedder(config: Partial<Settings>, ctx: z.RefinementCtx): void {
  const model = config.ENGRAM_EMBED_MODEL;
  const sizeKnown = (sizes: Readonly<Record<string, number>>, fallback: string) =>
    config.ENGRAM_EMBED_DIMENSIONS !== undefined || sizes[model ?? fallback] !== undefined;
  const issue = (path: keyof Settings, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (config.ENGRAM_EMBEDDER === 'openai') {
    if (missingOfficialKey({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL }))
      issue('OPENAI_API_KEY', 'is required for api.openai.com');
    if (!sizeKnown(OPENAI_NATIVE_DIMENSIONS, OPENAI_DEFAULT_MODEL))
      issue('ENGRAM_EMBED_DIMENSIONS', `is required for model ${model}`);
  }
  if (config.ENGRAM_EMBEDDER === 'workers-ai' && !sizeKnown(WORKERS_AI_DIMENSIONS, WORKERS_AI_DEFAULT_MODEL))
    issue('ENGRAM_EMBED_DIMENSIONS', `is required for model ${model}`);
  if (
    config.ENGRAM_EMBEDDER === 'local' &&
    model !== undefined &&
    !(LOCAL_MODELS as readonly string[]).includes(model)
  )
    issue('ENGRAM_EMBED_MODEL', `must be one of ${LOCAL_MODELS.join(', ')} for ENGRAM_EMBEDDER=local`);
}

/** The reranker's rules: an HTTP reranker needs its endpoint and model; REST Workers AI needs both credentials. */
export function checkReranker(config: Partial<Settings>, ctx: z.RefinementCtx): void {
  const issue = (path: keyof Settings, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (config.ENGRAM_RERANKER === 'http') {
    if (!config.ENGRAM_RERANK_URL) issue('ENGRAM_RERANK_URL', 'is required for ENGRAM_RERANKER=http');
    if (!config.ENGRAM_RERANK_MODEL) issue('ENGRAM_RERANK_MODEL', 'is required for ENGRAM_RERANKER=http');
  }
  if (
    config.ENGRAM_RERANKER === 'workers-ai' &&
    (config.ENGRAM_RERANK_ACCOUNT_ID === undefined) !== (config.ENGRAM_RERANK_API_KEY === undefined)
  )
    issue(
      config.ENGRAM_RERANK_ACCOUNT_ID === undefined ? 'ENGRAM_RERANK_ACCOUNT_ID' : 'ENGRAM_RERANK_API_KEY',
      'workers-ai over REST needs both ENGRAM_RERANK_ACCOUNT_ID and ENGRAM_RERANK_API_KEY',
    );
}

/** The extractor's rule: a key for api.openai.com. */
function checkExtractor(config: Partial<Settings>, ctx: z.RefinementCtx): void {
  const options = { apiKey: config.ENGRAM_EXTRACT_API_KEY, baseURL: config.ENGRAM_EXTRACT_BASE_URL };
  if (config.ENGRAM_EXTRACTOR === 'openai' && missingOfficialKey(options))
    ctx.addIssue({
      code: 'custom',
      path: ['ENGRAM_EXTRACT_API_KEY'],
      message: 'is required for api.openai.com',
    });
}

export const ConfigSchema = z.object(SETTINGS).superRefine((config, ctx) => {
  checkEmbedder(config, ctx);
  checkReranker(config, ctx);
  checkExtractor(config, ctx);
});

export type EngramConfig = z.infer<typeof ConfigSchema>;
