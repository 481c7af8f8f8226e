// The shapes the recall ranking layer works on: a candidate row from a search lane and the lane names.
import type { MemoryKind, Polarity, SourceType } from '../contract/index.ts';

export type { Lane } from '../contract/index.ts';

/** Where a memory came from, as stored. */
export interface CandidateSource {
  type: SourceType;
  uri?: string | null;
  id?: string | null;
  session?: string | null;
}

/**
 * One memory as recall_candidates returns it (a RecallCandidateRow fits): the vector lane's `vector_similarity`,
 * `vector_rank` and `below_threshold`, the lexical lane's `lexical_rank`, `lexical_score` and `lexical_share`, and the
 * fused `rrf`.
 * Rules come from subject_rules without lane fields. Lane fields are untrusted input: a broken lane or caller may
 * send `null` or `NaN`, and the ranking layer must cope.
 */
export interface Candidate {
  id: string;
  subject: string;
  kind: MemoryKind;
  content: string;
  tags: readonly string[];
  /** 0 untrusted external content .. 3 system of record (assigned by the server). */
  trust: number;
  /** 0..1 */
  importance: number;
  /** 0..1 */
  confidence: number;
  /** ISO 8601 */
  created_at: string;
  source: CandidateSource;
  key?: string | null;
  facet?: string | null;
  polarity?: Polarity | null;
  trigger?: string | null;
  /** The memory's language tag (en, pt-BR, und...): rule triggers and facets also match its plurals. */
  language?: string | null;
  /** Cosine similarity to the query vector; may be null or NaN when the lane is broken. */
  vector_similarity?: number | null;
  /** 1-based position in the vector lane. */
  vector_rank?: number | null;
  /** The vector lane found it under the model's threshold: its vector evidence is not in `rrf`. */
  below_threshold?: boolean | null;
  /** 1-based position in the lexical lane. */
  lexical_rank?: number | null;
  lexical_score?: number | null;
  /** The share of the query's words the memory's own words match (hybrid recalls, lexical hits). */
  lexical_share?: number | null;
  /** The fused score recall_candidates computed from the counted lane evidence (the final fusion). */
  rrf?: number | null;
  /** 1-based position in the key lane: the memory's key answers the slot the question names. */
  key_rank?: number | null;
}
