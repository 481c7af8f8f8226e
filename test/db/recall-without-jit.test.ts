// Recall runs without JIT whatever the server's jit settings: its row estimates of set-returning functions once
// reached jit_above_cost and JIT compiled every lexical recall (14-15 ms of a 2.5 ms recall on PostgreSQL 15).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../support/databases.ts';

describe.each(backends)('recall_candidates settings on $name', ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open('recall_jit');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('turns JIT off for its own statements', async () => {
    const { rows } = await database.db.query<{ config: string[] | null }>(
      "select proconfig as config from pg_catalog.pg_proc where oid = 'engram.recall_candidates'::regproc",
    );
    expect(rows[0]?.config).toContain('jit=off');
  });
});
