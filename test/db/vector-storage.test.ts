// Vectors are stored in their row (migration 20261203100000): pgvector's default storage put every vector of 509 or
// more dimensions out of line in the TOAST relation, and the exact lane then fetched each one through the TOAST
// index (4.5x slower at 5,000 vectors, docs/benchmarks/vector-storage.md). Written through the store's real write
// path, on both backends: the local blend's 612 dimensions and OpenAI's 1,536 leave the TOAST relation empty, a
// vector too large for a page (3,000 dimensions) still goes out of line rather than fail, and recall reads all three.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryStore, TenantScope } from '../../src/ports/store.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { record } from '../support/records.ts';

const unitVector = (dims: number, seed: number) => {
  const v = Array.from({ length: dims }, (_, d) => Math.sin(seed * 1.7 + d * 0.37));
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};

describe.each(backends)('vector storage on $name', ({ open }) => {
  let database: TestDatabase;
  let store: MemoryStore;
  let scope: TenantScope;

  beforeAll(async () => {
    database = await open('vector_storage');
    store = createSqlStore(database.db);
    for (const dims of [612, 1536, 3000]) {
      await store.registerModel({
        model: `test/storage@${dims}`,
        provider: 'test',
        dims,
        threshold: null,
        activate: false,
      });
    }
    scope = { tenantId: await store.withOperator((op) => op.createTenant('storage')), actor: 'test' };
  });
  afterAll(async () => {
    await database.drop();
  });

  /** Bytes in memory_embeddings' TOAST relation (0 while every vector is in its row). */
  const toastBytes = async () =>
    Number(
      (
        await database.db.query<{ bytes: string }>(
          `select pg_catalog.pg_relation_size(c.reltoastrelid)::text as bytes
             from pg_catalog.pg_class c where c.oid = 'engram.memory_embeddings'::regclass`,
        )
      ).rows[0]!.bytes,
    );

  const write = (dims: number, count: number) =>
    store.withTenant(scope, async (tx) =>
      tx.writeMemories(
        await Promise.all(
          Array.from({ length: count }, async (_, i) => ({
            record: await record({ subject: `s${dims}`, content: `Memory ${i} of the ${dims} subject` }),
            vector: { model: `test/storage@${dims}`, vector: unitVector(dims, i) },
          })),
        ),
      ),
    );

  const nearest = (dims: number, seed: number) =>
    store.withTenant(scope, (tx) =>
      tx.recallCandidates({
        subject: `s${dims}`,
        query: 'anything',
        vector: { model: `test/storage@${dims}`, vector: unitVector(dims, seed) },
        mode: 'vector',
        candidates: 3,
      }),
    );

  it('keeps 612- and 1,536-dimension vectors in their rows', async () => {
    const written = [...(await write(612, 20)), ...(await write(1536, 20))];
    expect(written.every((w) => w.status === 'created')).toBe(true);
    expect(await toastBytes()).toBe(0);
    // Read back whole: the nearest vector to memory 7's own is memory 7's, at similarity 1.
    for (const dims of [612, 1536]) {
      const [best] = await nearest(dims, 7);
      expect(best?.content).toBe(`Memory 7 of the ${dims} subject`);
      expect(best?.vector_similarity).toBeCloseTo(1, 5);
    }
  });

  it('still stores a vector too large for a page, out of line', async () => {
    const written = await write(3000, 3);
    expect(written.every((w) => w.status === 'created')).toBe(true);
    expect(await toastBytes()).toBeGreaterThan(0);
    const [best] = await nearest(3000, 2);
    expect(best?.content).toBe('Memory 2 of the 3000 subject');
    expect(best?.vector_similarity).toBeCloseTo(1, 5);
  });
});
