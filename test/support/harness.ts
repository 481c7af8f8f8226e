// A real Engram app for tests: real database (PGlite, or the real server), the real write gate, a
// deterministic embedder (switchable faults), requests through app.request() with real HTTP semantics.
import { silentLogger } from '../../src/core/logger.ts';
import { readMigrations } from '../../src/db/migration-files.ts';
import {
  createDeterministicEmbedder,
  type DeterministicEmbedder,
} from '../../src/embedding/deterministic.ts';
import { withTimeout } from '../../src/embedding/with-timeout.ts';
import { evaluateWrite } from '../../src/gate/index.ts';
import type { MemoryStore } from '../../src/ports/store.ts';
import { composeEngram, type Engram } from '../../src/server/compose.ts';
import { databaseReadiness } from '../../src/server/readiness.ts';
import { createTenantService } from '../../src/services/tenants.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import type { TestDatabase } from './databases.ts';

export const ADMIN_KEY = 'test-operator-key-0123456789';

export interface Harness {
  engram: Engram;
  store: MemoryStore;
  embedder: DeterministicEmbedder;
  /** Sends a request through the app; `key` becomes the bearer token, `body` is sent as JSON. */
  call(
    method: string,
    path: string,
    options?: { key?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  /** A new tenant and its API key. */
  tenant(name: string): Promise<{ id: string; key: string }>;
}

export async function createHarness(
  database: TestDatabase,
  options: { timeoutMs?: number; threshold?: number | null; dimensions?: number } = {},
): Promise<Harness> {
  const store = createSqlStore(database.db);
  const embedder = createDeterministicEmbedder({ dimensions: options.dimensions ?? 64 });
  await store.registerModel({
    model: embedder.model,
    provider: embedder.provider,
    dims: embedder.dimensions,
    threshold: options.threshold ?? null,
    activate: true,
  });
  const engram = composeEngram({
    store,
    gate: evaluateWrite,
    embedder: withTimeout(embedder, {
      timeoutMs: options.timeoutMs ?? 300,
      logger: silentLogger,
    }),
    logger: silentLogger,
    adminKey: ADMIN_KEY,
    readiness: databaseReadiness(database.db, await readMigrations()),
  });
  const tenants = createTenantService(store);
  return {
    engram,
    store,
    embedder,
    call(method, path, { key, body, headers = {} } = {}) {
      return Promise.resolve(
        engram.app.request(path, {
          method,
          headers: {
            ...(key ? { authorization: `Bearer ${key}` } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
        }),
      );
    },
    async tenant(name) {
      const created = await tenants.createTenant(name);
      return { id: created.tenant.id, key: created.api_key };
    },
  };
}
