// A migrated test database with a store, the deterministic test embedder's model registered and two tenants.
import { createDeterministicEmbedder } from '../../src/embedding/deterministic.ts';
import type { SqlExecutor } from '../../src/ports/sql.ts';
import type { MemoryStore, TenantScope } from '../../src/ports/store.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import type { TestDatabase } from './databases.ts';

/** The embedder whose model the fixture registers (small vectors keep the tests fast). */
export const testEmbedder = createDeterministicEmbedder({ dimensions: 8 });

export interface StoreFixture {
  database: TestDatabase;
  db: SqlExecutor;
  store: MemoryStore;
  tenantA: string;
  tenantB: string;
  asA: (actor?: string) => TenantScope;
  asB: (actor?: string) => TenantScope;
}

export async function openStoreFixture(
  open: (label: string) => Promise<TestDatabase>,
  label: string,
): Promise<StoreFixture> {
  const database = await open(label);
  const store = createSqlStore(database.db);
  await store.registerModel({
    model: testEmbedder.model,
    provider: testEmbedder.provider,
    dims: testEmbedder.dimensions,
    threshold: 0.3,
    activate: true,
  });
  const tenantA = await store.withOperator((op) => op.createTenant(`${label}-a`));
  const tenantB = await store.withOperator((op) => op.createTenant(`${label}-b`));
  return {
    database,
    db: database.db,
    store,
    tenantA,
    tenantB,
    asA: (actor = 'test:a') => ({ tenantId: tenantA, actor }),
    asB: (actor = 'test:b') => ({ tenantId: tenantB, actor }),
  };
}
