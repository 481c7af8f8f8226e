// The real app with the local word-vector model registered as the product registers it (its shipped threshold and
// fusion), for tests of recall quality on real meaning: one tenant, and its key on every request.
import { silentLogger } from '../../src/core/logger.ts';
import { readMigrations } from '../../src/db/migration-files.ts';
import {
  createLocalEmbedder,
  LOCAL_MODEL_DEFAULT_FUSION,
  LOCAL_MODEL_DEFAULT_THRESHOLD,
} from '../../src/embedding/local/index.ts';
import { withTimeout } from '../../src/embedding/with-timeout.ts';
import { evaluateWrite } from '../../src/gate/index.ts';
import { composeEngram, type Engram } from '../../src/server/compose.ts';
import { databaseReadiness } from '../../src/server/readiness.ts';
import { registerEmbedder } from '../../src/services/register-embedder.ts';
import { createTenantService } from '../../src/services/tenants.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import type { TestDatabase } from './databases.ts';
import { ADMIN_KEY } from './harness.ts';

export interface LocalModelApp {
  engram: Engram;
  /** POSTs `body` as JSON to `path` with the tenant's key. */
  post(path: string, body: unknown): Promise<Response>;
  /** Stores a conversation's turns in `subject` through POST /v1/ingest, extraction off; throws unless 200. */
  ingestTurns(subject: string, turns: readonly (readonly [speaker: string, text: string])[]): Promise<void>;
}

export async function createLocalModelApp(database: TestDatabase): Promise<LocalModelApp> {
  const store = createSqlStore(database.db);
  const embedder = await createLocalEmbedder({ onProgress: () => {} });
  await registerEmbedder(store, embedder, {
    defaults: { threshold: LOCAL_MODEL_DEFAULT_THRESHOLD, fusion: LOCAL_MODEL_DEFAULT_FUSION },
    activate: true,
  });
  const engram = composeEngram({
    store,
    gate: evaluateWrite,
    embedder: withTimeout(embedder, { timeoutMs: 5000, logger: silentLogger }),
    logger: silentLogger,
    adminKey: ADMIN_KEY,
    readiness: databaseReadiness(database.db, await readMigrations()),
  });
  const key = (await createTenantService(store).createTenant('acme')).api_key;
  const post = async (path: string, body: unknown) =>
    engram.app.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return {
    engram,
    post,
    async ingestTurns(subject, turns) {
      const res = await post('/v1/ingest', {
        subject,
        session: 'chat-1',
        extract: 'off',
        messages: turns.map(([speaker, text], i) => ({ speaker, text, id: `D1:${i + 1}` })),
      });
      if (res.status !== 200) throw new Error(`ingest answered ${res.status}`);
    },
  };
}
