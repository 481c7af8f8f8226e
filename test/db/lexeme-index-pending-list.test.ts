// The lexical lane's keyed GIN index keeps its pending list small (migration 20261203120000): every search reads the
// whole list, and at the server's default limit (4 MB) a large subject's rare-term lookups read 500 pending pages
// each (docs/benchmarks/recall-sql.md). Both backends carry the setting; on PostgreSQL, after writes of far more
// than 64 kB of entries, the list holds at most 64 kB (8 pages), read with pgstattuple.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryStore, TenantScope } from '../../src/ports/store.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { record } from '../support/records.ts';

describe.each(backends)('the keyed lexeme index on $name', ({ name, open }) => {
  let database: TestDatabase;
  let store: MemoryStore;
  let scope: TenantScope;

  beforeAll(async () => {
    database = await open('lexeme_pending_list');
    store = createSqlStore(database.db);
    scope = { tenantId: await store.withOperator((op) => op.createTenant('pending')), actor: 'test' };
  });
  afterAll(async () => {
    await database.drop();
  });

  it('has a pending list limit of 64 kB', async () => {
    const { rows } = await database.db.query<{ options: string[] | null }>(
      `select c.reloptions as options from pg_catalog.pg_class c
        where c.oid = 'engram.memories_subject_lexemes_idx'::regclass`,
    );
    expect(rows[0]!.options).toContain('gin_pending_list_limit=64');
  });

  // Read with pgstattuple, which PGlite does not ship: defined for PostgreSQL only.
  if (name === 'postgres')
    it('holds at most 8 pending pages after 2,000 writes', async () => {
      await database.db.exec('create extension if not exists pgstattuple');
      // Ten distinct words a memory, so that each write adds ten keyed lexemes to the list: about 20,000 entries,
      // several times 64 kB.
      for (let batch = 0; batch < 4; batch++) {
        const written = await store.withTenant(scope, async (tx) =>
          tx.writeMemories(
            await Promise.all(
              Array.from({ length: 500 }, async (_, i) => ({
                record: await record({
                  subject: 'large',
                  content: Array.from({ length: 10 }, (_, w) => `w${(batch * 500 + i) * 10 + w}`).join(' '),
                }),
                vector: undefined,
              })),
            ),
          ),
        );
        expect(written.every((w) => w.status === 'created')).toBe(true);
      }
      const { rows } = await database.db.query<{ pages: number; tuples: number }>(
        `select pending_pages::integer as pages, pending_tuples::integer as tuples
         from pgstatginindex('engram.memories_subject_lexemes_idx')`,
      );
      expect(rows[0]!.pages).toBeLessThanOrEqual(8);
    });
});
