// Builds the services and the HTTP app from the ports: the one composition root shared by the Node server,
// the Worker and the tests.
import type { Logger } from '../core/logger.ts';
import { createApp } from '../http/app.ts';
import type { ReadinessCheck } from '../http/routes/health.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { WriteGate } from '../ports/gate.ts';
import type { MemoryStore } from '../ports/store.ts';
import { verifyApiKey } from '../services/api-keys.ts';
import { createAuditService } from '../services/audit.ts';
import { createForgetService } from '../services/forget.ts';
import { createIngestService } from '../services/ingest.ts';
import { createMemoryService } from '../services/memories.ts';
import { createRecallService } from '../services/recall.ts';
import { createTenantService } from '../services/tenants.ts';

export interface EngramParts {
  store: MemoryStore;
  gate: WriteGate;
  embedder: Embedder | null;
  logger: Logger;
  adminKey: string | undefined;
  readiness: ReadinessCheck;
  maxBodyBytes?: number;
}

export function composeEngram(parts: EngramParts) {
  const memories = createMemoryService({
    store: parts.store,
    gate: parts.gate,
    embedder: parts.embedder,
    logger: parts.logger,
  });
  const recall = createRecallService({ store: parts.store, embedder: parts.embedder, logger: parts.logger });
  const forget = createForgetService({
    store: parts.store,
    gate: parts.gate,
    embedder: parts.embedder,
    logger: parts.logger,
  });
  const audit = createAuditService(parts.store);
  // Conversation ingestion: turns become episodes through the same memory service (and so the same gate).
  const ingest = createIngestService({ memories, gate: parts.gate });
  const tenants = createTenantService(parts.store);
  const app = createApp({
    memories,
    recall,
    forget,
    audit,
    ingest,
    admin: tenants,
    authenticate: (token) => verifyApiKey(parts.store, token),
    readiness: parts.readiness,
    logger: parts.logger,
    adminKey: parts.adminKey,
    ...(parts.maxBodyBytes ? { maxBodyBytes: parts.maxBodyBytes } : {}),
  });
  return { app, memories, recall, forget, audit, ingest, tenants };
}

export type Engram = ReturnType<typeof composeEngram>;
