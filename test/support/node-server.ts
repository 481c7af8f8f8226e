// The real Node server for tests that speak HTTP: PGlite in a temp dir, ENGRAM_EMBEDDER=fake (the deterministic
// embedder), the real write gate, listening on a free port of 127.0.0.1.
import { cp, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embedderConfigFromEnv, parseConfig } from '../../src/config/index.ts';
import { sha256Hex } from '../../src/core/hash.ts';
import { silentLogger } from '../../src/core/logger.ts';
import { migrate } from '../../src/db/migrate.ts';
import { MIGRATIONS_DIR, readMigrations } from '../../src/db/migration-files.ts';
import { openPglite } from '../../src/db/pglite-executor.ts';
import { createEmbedder } from '../../src/embedding/factory.ts';
import { evaluateWrite } from '../../src/gate/index.ts';
import { type RunningServer, startNodeServer } from '../../src/server/node-server.ts';

export const TEST_API_KEY = 'egm_test_default_tenant_key_0123456789';
export const TEST_ADMIN_KEY = 'egm_admin_test_operator_key_0123456789';

export interface TestServer {
  url: string;
  /** API key of tenant `default` (all scopes). */
  apiKey: string;
  adminKey: string;
  server: RunningServer;
  /** A new tenant through the operator endpoint; returns its API key. */
  newTenant(name: string): Promise<string>;
  close(): Promise<void>;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * A migrated PGlite data dir to copy, built once per set of migrations and lock file and kept in the OS temp
 * dir: a fresh data dir costs several seconds of initdb and migrations per test file, a copy well under one. Test
 * files run in parallel processes, so the builder that renames its dir into place first wins; the others discard
 * theirs.
 */
async function migratedTemplate(): Promise<string> {
  const migrations = await readMigrations();
  // The lock file pins PGlite, whose data dir format follows its PostgreSQL version.
  const lock = await readFile(join(MIGRATIONS_DIR, '..', '..', 'package-lock.json'), 'utf8').catch(() => '');
  const key = (await sha256Hex(JSON.stringify(migrations) + lock)).slice(0, 16);
  const template = join(tmpdir(), `engram-test-pgdata-${key}`);
  if (await exists(join(template, 'PG_VERSION'))) return template;
  const building = await mkdtemp(join(tmpdir(), 'engram-test-pgdata-build-'));
  const db = await openPglite(building);
  await migrate(db, migrations);
  await db.close();
  await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
  return template;
}

/** `env` adds or overrides settings (e.g. ENGRAM_CORS_ORIGINS). */
export async function startTestServer(
  label: string,
  extraEnv: Record<string, string> = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), `engram-${label}-`));
  await cp(await migratedTemplate(), join(dataDir, 'pgdata'), { recursive: true });
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    ENGRAM_DATA_DIR: dataDir,
    ENGRAM_API_KEY: TEST_API_KEY,
    ENGRAM_ADMIN_KEY: TEST_ADMIN_KEY,
    ENGRAM_EMBEDDER: 'fake',
    ENGRAM_EMBED_TIMEOUT_MS: '2000',
    ...extraEnv,
  };
  const config = parseConfig(env);
  const embedder = await createEmbedder(embedderConfigFromEnv(env), { logger: silentLogger });
  const server = await startNodeServer({ config, gate: evaluateWrite, embedder, logger: silentLogger });
  return {
    url: server.url,
    apiKey: TEST_API_KEY,
    adminKey: TEST_ADMIN_KEY,
    server,
    async newTenant(name) {
      const res = await fetch(`${server.url}/v1/admin/tenants`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      if (res.status !== 201) throw new Error(`tenant ${name}: HTTP ${res.status}`);
      return ((await res.json()) as { api_key: string }).api_key;
    },
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
