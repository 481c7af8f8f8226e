// Reads EVERY row of EVERY table in the schemas engram and public as text (as the owner, which RLS does not
// filter on a superuser connection), to prove that erased data is gone from all of them.
import type { SqlSession } from '../../src/ports/sql.ts';

export interface ScannedRow {
  table: string;
  text: string;
}

export async function scanAllRows(db: SqlSession): Promise<ScannedRow[]> {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_schema in ('engram', 'public') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const out: ScannedRow[] = [];
  for (const table of tables) {
    const qualified = `"${table.schema}"."${table.name}"`;
    const { rows } = await db.query<{ t: string }>(`select t::text as t from ${qualified} t`);
    for (const row of rows) out.push({ table: `${table.schema}.${table.name}`, text: row.t });
  }
  return out;
}

/** The rows that contain any of the needles (case-insensitive), with the needle found. */
export function leaks(rows: ScannedRow[], needles: string[]): { table: string; needle: string }[] {
  const found: { table: string; needle: string }[] = [];
  for (const row of rows) {
    const text = row.text.toLowerCase();
    for (const needle of needles)
      if (text.includes(needle.toLowerCase())) found.push({ table: row.table, needle });
  }
  return found;
}
