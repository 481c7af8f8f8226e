// A migrated test database with a store, the fake embedder's model registered and two tenants.
import type { SqlExecutor } from '../../src/ports/sql.ts';
import type { MemoryStore, TenantScope } from '../../src/ports/store.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import type { TestDatabase } from './databases.ts';
import { fakeEmbedder } from './fake-embedder.ts';

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
    model: fakeEmbedder.model,
    provider: fakeEmbedder.provider,
    dims: fakeEmbedder.dimensions,
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
