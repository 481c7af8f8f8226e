// The relevance floor: a memory is returned only on good evidence (a vector similarity or a full-text score at the
// model's floor), so a recall with no good evidence returns nothing rather than the three least bad memories.
// It reads each candidate's best lane evidence (its vector similarity, its lexical score), the shape the SQL returns.

/** The evidence a memory needs (see RelevanceFloor in src/ports/store.ts); null parts never pass. */
export interface FloorSettings {
  similarity: number | null;
  lexical: number | null;
}

/** A candidate's best evidence per lane; null where the lane did not find it (or the value is not finite). */
export interface LaneEvidence {
  vector_similarity: number | null;
  lexical_score: number | null;
  /** The key lane's rank: a key that answers the question's slot is good evidence whatever the lanes say. */
  key_rank?: number | null;
}

const finite = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** True when the candidate has evidence at the floor in at least one lane. */
export function meetsFloor(evidence: LaneEvidence, floor: FloorSettings): boolean {
  if (finite(evidence.key_rank)) return true;
  const vector = floor.similarity !== null && finite(evidence.vector_similarity);
  const lexical = floor.lexical !== null && finite(evidence.lexical_score);
  return (
    (vector && evidence.vector_similarity! >= floor.similarity!) ||
    (lexical && evidence.lexical_score! >= floor.lexical!)
  );
}

/**
 * Splits candidates into those with good evidence and those without (ids, in input order). No floor (null), or one
 * with neither part set (a model whose floor is only the query-level one, query-intent.ts): every candidate is kept.
 * @throws RangeError on a floor part that is not finite (a corrupt calibration must fail loudly).
 */
export function applyRelevanceFloor<T extends { candidate: { id: string } }>(
  candidates: readonly T[],
  floor: FloorSettings | null,
  evidenceOf: (c: T) => LaneEvidence,
): { kept: T[]; below_floor: string[] } {
  if (!floor || (floor.similarity === null && floor.lexical === null))
    return { kept: [...candidates], below_floor: [] };
  for (const part of [floor.similarity, floor.lexical])
    if (part !== null && !Number.isFinite(part))
      throw new RangeError('relevance floor must be finite or null');
  const kept: T[] = [];
  const below: string[] = [];
  for (const c of candidates) {
    if (meetsFloor(evidenceOf(c), floor)) kept.push(c);
    else below.push(c.candidate.id);
  }
  return { kept, below_floor: below };
}
