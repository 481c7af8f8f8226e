// A database that already has pgvector in `public` (what `create extension vector` does on Neon and plain
// PostgreSQL) migrates and recalls by meaning with pgvector left where it is (issue 15, item 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vectorSchema, withVectorSchema } from '../../src/db/extension-schema.ts';
import { migrate } from '../../src/db/migrate.ts';
import { readMigrations } from '../../src/db/migration-files.ts';
import { emptyBackends, type TestDatabase } from '../support/databases.ts';
import { record } from '../support/records.ts';
import { openStoreFixture, type StoreFixture, testEmbedder } from '../support/store-fixture.ts';

describe('withVectorSchema', () => {
  it("points pgvector's types, operator classes, functions and operators at the schema that holds it", () => {
    const sql =
      'select $1::extensions.vector(3) operator(extensions.<=>) b, extensions.vector_dims(v) from t;\n' +
      'create index i on t using hnsw ((e::extensions.vector(3)) extensions.vector_cosine_ops);\n' +
      'create extension if not exists vector with schema extensions;\n' +
      'select extensions.some_other_function(), extensions.vectorless';
    expect(withVectorSchema(sql, 'public')).toBe(
      'select $1::public.vector(3) operator(public.<=>) b, public.vector_dims(v) from t;\n' +
        'create index i on t using hnsw ((e::public.vector(3)) public.vector_cosine_ops);\n' +
        'create extension if not exists vector with schema extensions;\n' +
        'select extensions.some_other_function(), public.vectorless',
    );
    expect(withVectorSchema(sql, 'extensions')).toBe(sql);
    expect(withVectorSchema(sql, null)).toBe(sql);
    expect(withVectorSchema('select 1::extensions.vector', 'My Schema')).toBe('select 1::"My Schema".vector');
  });
});

describe.each(emptyBackends)('pgvector already installed in public, on $name', ({ open }) => {
  let f: StoreFixture;
  beforeAll(async () => {
    f = await openStoreFixture(async (label): Promise<TestDatabase> => {
      const database = await open(label);
      await database.db.exec('create extension if not exists vector schema public');
      await migrate(database.db, await readMigrations());
      return database;
    }, 'vector_public');
  }, 120_000);
  afterAll(async () => {
    await f.database.drop();
  });

  it('keeps pgvector in public and creates no second copy in extensions', async () => {
    expect(await vectorSchema(f.db)).toBe('public');
    const { rows } = await f.db.query<{ n: number | string }>(
      "select count(*) as n from pg_catalog.pg_type where typname = 'vector' and typnamespace = 'extensions'::regnamespace",
    );
    expect(Number(rows[0]?.n)).toBe(0);
    const columns = await f.db.query<{ type: string }>(
      `select format_type(atttypid, atttypmod) as type from pg_catalog.pg_attribute
        where attrelid = 'engram.memory_embeddings'::regclass and attname = 'embedding'`,
    );
    expect(columns.rows[0]?.type).toBe('vector');
  });

  it('stores vectors and recalls by meaning through the vector lane', async () => {
    const write = async (content: string) => {
      const rec = await record({ subject: 'pia', content });
      const vector = { model: testEmbedder.model, vector: await testEmbedder.embedQuery(content) };
      return f.store.withTenant(f.asA(), (tx) => tx.writeMemory(rec, vector));
    };
    const tea = await write('Prefers green tea in the morning');
    await write('Has a standing desk at the office');
    const query = 'Prefers green tea in the morning';
    const rows = await f.store.withTenant(f.asA(), async (tx) =>
      tx.recallCandidates({
        subject: 'pia',
        query,
        vector: { model: testEmbedder.model, vector: await testEmbedder.embedQuery(query) },
        mode: 'vector',
        candidates: 5,
      }),
    );
    expect(rows[0]?.id).toBe(tea.memory.id);
    expect(rows[0]?.vector_similarity).toBeCloseTo(1, 5);
  });
});
