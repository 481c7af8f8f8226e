// supabase/schemas/ (the current definitions, for readers) and supabase/migrations/ (what databases apply) build the
// same database: each is applied to a fresh database and their catalogs must be equal, on PGlite and, with
// DATABASE_URL, on PostgreSQL. The comparison is shown to fail on every kind of object it covers. Also: a database
// migrated with the 15 pre-release files (kept only as a fixture) is adopted by the runner as having the baseline.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/core/hash.ts';
import { IncompleteHistoryError, migrate, pendingMigrations } from '../../src/db/migrate.ts';
import { MIGRATIONS_DIR, readMigrations } from '../../src/db/migration-files.ts';
import { PRE_RELEASE_SQUASH } from '../../src/db/squashed-migrations.ts';
import type { SqlSession } from '../../src/ports/sql.ts';
import { type Catalog, diffCatalogs, snapshotCatalog } from '../support/catalog.ts';
import { emptyBackends, type TestDatabase } from '../support/databases.ts';

const SCHEMAS_DIR = join(MIGRATIONS_DIR, '..', 'schemas');
const PRE_BASELINE_DIR = join(import.meta.dirname, 'fixtures', 'pre-baseline-migrations');

async function applySchemas(db: SqlSession): Promise<void> {
  const files = (await readdir(SCHEMAS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  for (const file of files) await db.exec(await readFile(join(SCHEMAS_DIR, file), 'utf8'));
}

/** The catalog as it would be after `change`, which is rolled back. */
async function catalogAfter(db: TestDatabase, change: string): Promise<Catalog> {
  const rollback = new Error('rollback');
  let catalog: Catalog | undefined;
  await db.db
    .transaction(async (tx) => {
      await tx.exec(change);
      catalog = await snapshotCatalog(tx);
      throw rollback;
    })
    .catch((error) => {
      if (error !== rollback) throw error;
    });
  return catalog!;
}

// One change per kind of object and property the comparison covers, and the line it must report.
const CHANGES: { what: string; sql: string; reports: string; serverToo?: false }[] = [
  {
    what: 'a function body',
    sql: `create or replace function engram.iso(p_at timestamptz) returns text language sql immutable parallel safe
          as $$ select pg_catalog.to_char(p_at, 'YYYY') $$`,
    reports: 'function engram.iso(timestamp with time zone): body differs',
  },
  {
    what: 'a function setting',
    sql: "alter function engram.memory_json(engram.memories) set search_path = ''",
    reports: 'function engram.memory_json(engram.memories): config differs',
  },
  {
    what: 'a function volatility',
    sql: 'alter function engram.search_lexical(text, text, integer, text) stable',
    reports: 'function engram.search_lexical(text,text,integer,text): volatility differs',
  },
  {
    what: 'a function security',
    sql: 'alter function engram.write_memory(jsonb, text, text) security definer',
    reports: 'function engram.write_memory(jsonb,text,text): security_definer differs',
  },
  {
    what: 'a function argument default',
    sql: `create or replace function engram.subject_rules(p_subject text, p_limit integer default 100)
          returns setof jsonb language sql stable set search_path = '' as $$ select null::jsonb $$`,
    reports: 'function engram.subject_rules(text,integer): arguments differs',
  },
  {
    what: 'a function grant',
    sql: 'grant execute on function engram.erase_tenant(uuid) to authenticated',
    reports: 'function engram.erase_tenant(uuid): privileges differs',
  },
  {
    what: 'execute left to PUBLIC',
    sql: 'grant execute on function engram.find_api_key(text) to public',
    reports: 'function engram.find_api_key(text): privileges differs',
  },
  {
    what: 'an extra function',
    sql: 'create function engram.extra() returns integer language sql as $$ select 1 $$',
    reports: 'function engram.extra(): only in schemas/',
  },
  {
    what: 'a table grant',
    sql: 'revoke delete on engram.recall_events from engram_app',
    reports: 'table engram.recall_events: privileges differs',
  },
  {
    what: 'a schema grant',
    sql: 'revoke usage on schema extensions from authenticated',
    reports: 'schema extensions: privileges differs',
  },
  {
    what: 'a column default',
    sql: 'alter table engram.memories alter column importance set default 0.6',
    reports: 'column engram.memories.importance: default differs',
  },
  {
    what: 'a column nullability',
    sql: 'alter table engram.memories alter column source_uri set not null',
    reports: 'column engram.memories.source_uri: not_null differs',
  },
  {
    what: 'a column type',
    sql: 'alter table engram.api_keys alter column last_used_at type timestamp',
    reports: 'column engram.api_keys.last_used_at: type differs',
  },
  {
    what: 'a column storage',
    sql: 'alter table engram.memory_embeddings alter column embedding set storage external',
    reports: 'column engram.memory_embeddings.embedding: storage differs',
  },
  {
    what: 'a generated column',
    sql: `alter table engram.memories drop column search_tsv;
          alter table engram.memories add column search_tsv tsvector
            generated always as (pg_catalog.to_tsvector(ts_config, content)) stored`,
    reports: 'column engram.memories.search_tsv: default differs',
  },
  {
    what: 'a check constraint',
    sql: 'alter table engram.memories drop constraint memories_kind_check',
    reports: 'constraint engram.memories.memories_kind_check: only in migrations/',
  },
  {
    what: 'an index predicate',
    sql: `drop index engram.memories_pending_idx;
          create index memories_pending_idx on engram.memories (created_at) where embedding_status <> 'ready'`,
    reports: 'index engram.memories_pending_idx: definition differs',
  },
  {
    what: 'an index storage parameter',
    sql: 'alter index engram.memories_subject_lexemes_idx set (fastupdate = off)',
    reports: 'index engram.memories_subject_lexemes_idx: definition differs',
  },
  {
    what: 'a table storage parameter (fillfactor)',
    sql: 'alter table engram.memories set (fillfactor = 90)',
    reports: 'table engram.memories: storage_parameters differs',
  },
  {
    what: 'forced row-level security',
    sql: 'alter table engram.api_keys no force row level security',
    reports: 'table engram.api_keys: force_row_level_security differs',
  },
  {
    what: 'a policy expression',
    sql: 'alter policy tenants_select_engram_app on engram.tenants using (true)',
    reports: 'policy engram.tenants.tenants_select_engram_app: using differs',
  },
  {
    what: 'a policy role',
    sql: 'alter policy tenants_select_engram_app on engram.tenants to engram_app, authenticated',
    reports: 'policy engram.tenants.tenants_select_engram_app: roles differs',
  },
  {
    what: 'a trigger',
    sql: 'alter table engram.memories disable trigger memories_touch',
    reports: 'trigger engram.memories.memories_touch: enabled differs',
  },
  {
    what: 'a sequence',
    sql: 'alter table engram.audit_events alter column id set increment by 2',
    reports: 'sequence engram.audit_events_id_seq parameters: increment differs',
  },
  {
    what: 'extended statistics',
    sql: 'drop statistics engram.memories_tenant_subject_stats',
    reports: 'statistics engram.memories_tenant_subject_stats: only in migrations/',
  },
  {
    what: 'a comment',
    sql: "comment on table engram.tenants is 'changed'",
    reports: 'comment on table engram.tenants: text differs',
  },
  {
    what: 'default privileges',
    sql: 'alter default privileges in schema engram grant select on tables to engram_app',
    reports: 'default privileges of the migrating role in schema engram on r: only in schemas/',
  },
  {
    what: 'the schema of an extension',
    sql: 'create schema moved; alter extension vector set schema moved',
    reports: 'extension vector: schema differs',
  },
  {
    // Roles are per cluster: on a shared server a change would reach every other database, so PGlite only.
    what: 'a role membership',
    sql: "do $$ begin execute pg_catalog.format('revoke engram_operator from %I', current_user); end $$",
    reports: 'membership of the migrating role in engram_operator: only in migrations/',
    serverToo: false,
  },
];

describe.each(emptyBackends)('the database schema on $name', ({ name, open }) => {
  let fromSchemas: TestDatabase;
  let fromMigrations: TestDatabase;
  let baseline: Catalog;

  beforeAll(async () => {
    fromSchemas = await open('schemas');
    await applySchemas(fromSchemas.db);
    fromMigrations = await open('migrations');
    await migrate(fromMigrations.db, await readMigrations());
    baseline = await snapshotCatalog(fromMigrations.db);
  });
  afterAll(async () => {
    await fromSchemas?.drop();
    await fromMigrations?.drop();
  });

  it('is the same built from supabase/schemas/ as from supabase/migrations/', async () => {
    expect(
      diffCatalogs(await snapshotCatalog(fromSchemas.db), baseline, ['schemas/', 'migrations/']),
    ).toEqual([]);
    // Not trivially equal: both hold the whole API.
    expect(
      baseline.has(
        'function engram.recall_candidates(text,text,text,text,text,integer,text[],text[],text,integer,real,timestamp with time zone,timestamp with time zone,text,real,real,real,real,real,integer,integer,uuid[],real[],double precision[],text[],real)',
      ),
    ).toBe(true);
    expect([...baseline.keys()].filter((key) => key.startsWith('policy ')).length).toBe(53);
  });

  it.each(CHANGES.filter((c) => name === 'pglite' || c.serverToo !== false))(
    'reports a difference in $what',
    async ({ sql, reports }) => {
      const diff = diffCatalogs(await catalogAfter(fromSchemas, sql), baseline, ['schemas/', 'migrations/']);
      expect(
        diff.some((line) => line.startsWith(reports)),
        diff.join('\n'),
      ).toBe(true);
    },
  );

  it('adopts a database migrated with the pre-release files: refused while partial, then the baseline recorded', async () => {
    const legacy = await open('prebaseline');
    try {
      const old = await readMigrations(PRE_BASELINE_DIR);
      // The fixture is the content databases applied (the runner refuses any other).
      for (const m of old) {
        const squashed = PRE_RELEASE_SQUASH.replaces.find((r) => r.name === m.name);
        expect(squashed?.checksum, m.name).toBe(await sha256Hex(m.sql));
      }
      expect(old.map((m) => m.name)).toEqual(PRE_RELEASE_SQUASH.replaces.map((m) => m.name));

      // A database migrated before the last pre-release file landed.
      await migrate(legacy.db, old.slice(0, -1));
      const current = await readMigrations();
      const partial = migrate(legacy.db, current);
      await expect(partial).rejects.toBeInstanceOf(IncompleteHistoryError);
      await expect(partial).rejects.toThrow(`missing: ${old.at(-1)!.name}.`);
      await expect(partial).rejects.toThrow('They were never released');

      await migrate(legacy.db, old);
      // The baseline counts as applied; only migrations added after it are pending.
      const later = current.map((m) => m.name).filter((n) => n > PRE_RELEASE_SQUASH.baseline);
      expect(await pendingMigrations(legacy.db, current)).toEqual(later);
      const lines: string[] = [];
      const report = await migrate(legacy.db, current, (line) => lines.push(line));
      // Nothing ran for the baseline; migrations added after it run as on any database.
      expect(report.recorded).toEqual([PRE_RELEASE_SQUASH.baseline]);
      expect(report.applied).toEqual(later);
      expect(lines[0]).toBe(
        `recording ${PRE_RELEASE_SQUASH.baseline} as applied without running it: this database applied the 15 migrations it replaced`,
      );
      const { rows } = await legacy.db.query<{ name: string; checksum: string }>(
        'select name, checksum from public.engram_schema_migrations where name = $1',
        [PRE_RELEASE_SQUASH.baseline],
      );
      const baselineSql = current.find((m) => m.name === PRE_RELEASE_SQUASH.baseline)!.sql;
      expect(rows).toEqual([{ name: PRE_RELEASE_SQUASH.baseline, checksum: await sha256Hex(baselineSql) }]);

      expect(
        diffCatalogs(await snapshotCatalog(legacy.db), baseline, ['pre-baseline + runner', 'baseline']),
      ).toEqual([]);
    } finally {
      await legacy.drop();
    }
  });
});
