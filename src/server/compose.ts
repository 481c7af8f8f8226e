// Builds the services and the HTTP app from the ports: the one composition root shared by the Node server,
// the Worker and the tests.
import { createAuthenticate } from '../auth/authenticate.ts';
import type { JwtVerifier } from '../auth/jwt.ts';
import type { Logger } from '../core/logger.ts';
import { createApp } from '../http/app.ts';
import type { ReadinessCheck } from '../http/routes/health.ts';
import { createPrometheusSink, isPrometheusSink } from '../metrics/prometheus-sink.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { Extractor } from '../ports/extractor.ts';
import type { WriteGate } from '../ports/gate.ts';
import type { MetricsSink } from '../ports/metrics.ts';
import type { Reranker } from '../ports/reranker.ts';
import type { MemoryStore } from '../ports/store.ts';
import { revokeApiKey } from '../services/api-keys.ts';
import { createAuditService } from '../services/audit.ts';
import { createFeedbackService } from '../services/feedback.ts';
import { createForgetService } from '../services/forget.ts';
import { createIngestService } from '../services/ingest.ts';
import { createMemoryService } from '../services/memories.ts';
import { createRecallService } from '../services/recall.ts';
import { createTenantService } from '../services/tenants.ts';

export interface EngramParts {
  store: MemoryStore;
  gate: WriteGate;
  embedder: Embedder | null;
  /** Proposes durable memories from ingested turns (createExtractor: within its budget); absent: none. */
  extractor?: Extractor | null;
  logger: Logger;
  adminKey: string | undefined;
  readiness: ReadinessCheck;
  maxBodyBytes?: number;
  /** How long a verified API key is trusted without a lookup (src/auth/authenticate.ts); 0: every request. */
  apiKeyCacheMs?: number;
  /** Origins whose browser pages may call the API (ENGRAM_CORS_ORIGINS); none by default. */
  corsOrigins?: readonly string[];
  /** Supabase JWT verifier (src/auth/jwt.ts); without it only Engram API keys authenticate. */
  jwt?: JwtVerifier | null;
  /** Where service events go: default a Prometheus registry served at GET /metrics; Workers pass a log sink. */
  metrics?: MetricsSink;
  /** The optional reranking stage of recall (ENGRAM_RERANKER), with how many candidates it reads. */
  reranker?: { reranker: Reranker; candidates: number } | null;
  // Edge deployment: on Workers, work left running after the response (recall bookkeeping) must be handed to
  // ctx.waitUntil, or the runtime cancels it; the Worker passes a collector here. Node leaves it unset.
  defer?: (work: Promise<unknown>) => void;
}

export function composeEngram(parts: EngramParts) {
  const metrics = parts.metrics ?? createPrometheusSink();
  // What every write goes through (remember, batch, replace, ingest): src/services/write-pipeline.ts.
  const writes = {
    store: parts.store,
    gate: parts.gate,
    embedder: parts.embedder,
    logger: parts.logger,
    metrics,
  };
  const memories = createMemoryService(writes);
  const recall = createRecallService({
    store: parts.store,
    embedder: parts.embedder,
    logger: parts.logger,
    metrics,
    ...(parts.defer ? { defer: parts.defer } : {}),
    ...(parts.reranker
      ? { reranker: parts.reranker.reranker, rerankCandidates: parts.reranker.candidates }
      : {}),
  });
  const forget = createForgetService(writes);
  const audit = createAuditService(parts.store);
  const feedback = createFeedbackService({
    store: parts.store,
    metrics,
    settleRecalls: recall.settleBookkeeping,
  });
  // Read at scrape time: one count over the partial pending index, as the operator (it spans tenants).
  const embeddingBacklog = () => parts.store.withOperator((op) => op.embeddingBacklog()).catch(() => null);
  // Conversation ingestion: turns become episodes through the same write pipeline (and so the same gate).
  // With an extractor, the user's durable statements become memories too (model inferences, consolidated).
  const ingest = createIngestService({ ...writes, extractor: parts.extractor ?? null });
  const tenants = createTenantService(parts.store);
  const authenticate = createAuthenticate({
    store: parts.store,
    jwt: parts.jwt,
    apiKeyCacheMs: parts.apiKeyCacheMs,
  });
  const app = createApp({
    memories,
    recall,
    forget: {
      ...forget,
      eraseTenant: async (tenantId) => {
        const erased = await forget.eraseTenant(tenantId);
        authenticate.forgetTenant(tenantId);
        return erased;
      },
    },
    audit,
    ingest,
    admin: tenants,
    keys: {
      revoke: async (keyId, options) => {
        const revoked = await revokeApiKey(parts.store, keyId, options);
        if (revoked) authenticate.forgetKey(keyId);
        return revoked;
      },
    },
    authenticate,
    readiness: withEmbedderChecks(parts.readiness, parts.embedder),
    logger: parts.logger,
    adminKey: parts.adminKey,
    ...(parts.maxBodyBytes ? { maxBodyBytes: parts.maxBodyBytes } : {}),
    ...(parts.corsOrigins ? { corsOrigins: parts.corsOrigins } : {}),
    feedback,
    metricsText: isPrometheusSink(metrics)
      ? async () => metrics.render({ embeddingBacklog: await embeddingBacklog() })
      : undefined,
  });
  // `metrics` is returned for the jobs (sweep, erase) to report their runs to the same sink.
  return { app, memories, recall, forget, audit, ingest, tenants, feedback, metrics };
}

export type Engram = ReturnType<typeof composeEngram>;

/**
 * Readiness plus what the embedder is: its model and, when it is limited to some, its languages (the local model
 * says `en`: English only; a multilingual one says nothing), so an operator sees it before non-English users do.
 */
function withEmbedderChecks(readiness: ReadinessCheck, embedder: Embedder | null): ReadinessCheck {
  return async () => {
    const result = await readiness();
    const checks: Record<string, string> = { ...result.checks, embedder: embedder?.model ?? 'none' };
    if (embedder?.languages) checks.embedder_languages = embedder.languages.join(',');
    return { ...result, checks };
  };
}
