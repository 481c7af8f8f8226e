// The candidate pool of a recall in a subject full of chat: the lanes' top candidates of every kind, plus the top
// durable ones (a second call of the same RPC restricted to durable kinds). In a subject with hundreds of turns, a
// preference the query does not name ("recommend something easy to digest" / "Does not eat cilantro") is rarely in
// the vector lane's first 24 candidates of all kinds; among the subject's few durable memories it is. The ranking
// step (src/recall/durable-first.ts) then decides who goes first.

import type { RecallQuery, RecallRow, TenantStore } from '../ports/store.ts';
import { DURABLE_KINDS } from '../recall/index.ts';

/** Inserts `extra` rows into a lane's list (best first) before the first row with weaker evidence. */
function insertByEvidence(
  list: readonly RecallRow[],
  extra: readonly RecallRow[],
  evidence: (r: RecallRow) => number | null,
): RecallRow[] {
  const out = [...list];
  for (const row of extra) {
    const value = evidence(row);
    if (value === null) continue;
    const at = out.findIndex((r) => (evidence(r) ?? Number.NEGATIVE_INFINITY) < value);
    out.splice(at < 0 ? out.length : at, 0, row);
  }
  return out;
}

export interface LaneLists {
  vector: RecallRow[];
  lexical: RecallRow[];
}

/** The rows of one candidate call as lane lists, each in the lane's own rank order. */
export function laneLists(rows: readonly RecallRow[]): LaneLists {
  return {
    vector: rows.filter((r) => r.vectorRank !== null).sort((a, b) => a.vectorRank! - b.vectorRank!),
    lexical: rows.filter((r) => r.lexicalRank !== null).sort((a, b) => a.lexicalRank! - b.lexicalRank!),
  };
}

/**
 * The lanes of `query`, with the durable candidates the all-kinds call missed merged in by their own evidence
 * (similarity, lexical score: absolute measures, comparable across the two calls). A query that names its kinds
 * gets exactly what it asked for; when the first call already holds every durable candidate nothing changes.
 */
export async function recallPool(tx: TenantStore, query: RecallQuery): Promise<LaneLists> {
  const rows = await tx.recallCandidates(query);
  const lists = laneLists(rows);
  if (query.kinds !== undefined) return lists;
  const seen = new Set(rows.map((r) => r.memory.id));
  const extra = (await tx.recallCandidates({ ...query, kinds: [...DURABLE_KINDS] })).filter(
    (r) => !seen.has(r.memory.id),
  );
  if (extra.length === 0) return lists;
  const more = laneLists(extra);
  return {
    vector: insertByEvidence(lists.vector, more.vector, (r) => r.vectorSimilarity),
    lexical: insertByEvidence(lists.lexical, more.lexical, (r) => r.lexicalScore),
  };
}
