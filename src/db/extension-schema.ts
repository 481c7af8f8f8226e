// Where pgvector lives. Engram's SQL names pgvector's objects in schema `extensions`, as Supabase installs it, so
// that one text runs on Supabase, Neon, plain PostgreSQL and PGlite. A database that already has pgvector in
// another schema (Neon's and plain PostgreSQL's `create extension vector` put it in `public`) keeps it there:
// moving an extension would break the owner's other code, and `create extension if not exists ... with schema
// extensions` is then a no-op. The runner applies each migration with pgvector's names pointed at the schema
// that holds it; the recorded checksum stays the file's own, so the files and their history are unchanged.

import type { SqlSession } from '../ports/sql.ts';

/** The schema Engram's SQL is written against for pgvector. */
export const WRITTEN_SCHEMA = 'extensions';

/** The schema pgvector is installed in, or null where it is not installed yet (the baseline installs it). */
export async function vectorSchema(db: Pick<SqlSession, 'query'>): Promise<string | null> {
  const { rows } = await db.query<{ schema: string }>(
    `select n.nspname as schema
       from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'vector'`,
  );
  return rows[0]?.schema ?? null;
}

/** An identifier as SQL writes it: bare where PostgreSQL would read it back unchanged, quoted otherwise. */
function sqlIdentifier(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

// pgvector's types, operator classes and functions (vector, vector_cosine_ops, vector_dims, halfvec, sparsevec,
// l2_normalize, ...) and its operators written as operator(extensions.<=>). Only these move: `extensions.` in
// front of anything else (btree_gin, which Engram installs where it writes it) is left alone.
const VECTOR_NAME =
  /\bextensions\.(?=(?:vector|halfvec|sparsevec|l2_|l1_|cosine_distance|inner_product|binary_quantize|subvector)\w*)/g;
const VECTOR_OPERATOR = /\boperator\(\s*extensions\./g;

/** `sql` with pgvector's names in `schema` instead of `extensions`; unchanged where they are the same. */
export function withVectorSchema(sql: string, schema: string | null): string {
  if (schema === null || schema === WRITTEN_SCHEMA) return sql;
  const target = sqlIdentifier(schema);
  return sql.replace(VECTOR_NAME, `${target}.`).replace(VECTOR_OPERATOR, `operator(${target}.`);
}
