// The rows of the database API (supabase/migrations) as its callers see them: the TypeScript store and the
// supabase-js helper read the same shapes, so they are written once here. Types only.
import type { Memory, MemoryInput, MemoryKind, Polarity, SourceType } from './memory.ts';

/** A row of engram.write_memory. */
export interface WriteMemoryRow {
  memory: Memory;
  /** merged: a near-duplicate, folded into `memory` (engram.consolidate_memory). */
  status: 'created' | 'duplicate' | 'merged';
  /** Ids this write superseded (same slot, stances on the facet), possibly none; SQL may send null for none. */
  superseded: string[] | null;
}

/** A row of engram.write_memories: a write_memory row with the item's 0-based position in the batch. */
export interface WriteMemoriesRow extends WriteMemoryRow {
  ord: number;
}

/** A write_memory row as callers use it: `superseded` always a list. */
export type WriteMemoryResult = Omit<WriteMemoryRow, 'superseded'> & { superseded: string[] };

/** A row of engram.search_lexical. */
export interface LexicalHitRow {
  memory: Memory;
  lexical_score: number;
  lexical_rank: number;
}

/**
 * A row of engram.recall_candidates: one memory, slim (the fields a recall item shows), with the evidence each
 * lane gave as it was seen and the fused rrf. The same shape flows from SQL to the ranking layer, unrenamed.
 */
export interface RecallCandidateRow {
  id: string;
  subject: string;
  kind: MemoryKind;
  content: string;
  tags: string[];
  trust: number;
  importance: number;
  confidence: number;
  /** ISO 8601 UTC with microseconds. */
  created_at: string;
  source: { type: SourceType; uri?: string; id?: string; session?: string };
  key: string | null;
  facet: string | null;
  polarity: Polarity | null;
  trigger: string | null;
  language: string;
  /** The real cosine similarity the vector lane saw (also when under the threshold); null: not in that lane. */
  vector_similarity: number | null;
  vector_rank: number | null;
  /** The vector lane found it under the model's threshold (or with a similarity that is not a number): its vector
   * evidence is not in rrf. */
  below_threshold: boolean;
  lexical_score: number | null;
  lexical_rank: number | null;
  /**
   * Hybrid recalls, lexical hits: the share (0..1) of the query's words that the memory's own words (content and
   * tags, not a chat turn's context) match; null when not judged (single lane, no lexical hit, no query word).
   */
  lexical_share: number | null;
  /**
   * The fusion, final: weighted reciprocal rank fusion of the counted lane evidence, in a hybrid recall weighed per
   * memory (its class's lane weights and ranks, its lexical share, its similarity over the best); 0 when none counts.
   */
  rrf: number;
  /** How the vector lane ran: exact scan, the HNSW index, or none. */
  vector_path: 'exact' | 'hnsw' | 'none';
  /**
   * The memory's rank in the key lane (p_keys: its key answers the slot a direct question names, newest first); null
   * when the recall named no keys or the memory is not under one.
   */
  key_rank: number | null;
}

/**
 * The `p_memory` argument of engram.write_memory as an end user sends it through supabase-js: a memory without
 * a lifetime in seconds (the database takes `expires_at`), from any source but the system's own.
 */
export type WriteMemoryInput = Omit<MemoryInput, 'ttl_seconds' | 'source'> & {
  /** `user` by default; the database fixes trust from it (external 0, model 1, otherwise 2). */
  source?: Omit<NonNullable<MemoryInput['source']>, 'type'> & { type: Exclude<SourceType, 'system'> };
  idempotency_key?: string;
};

/**
 * The row of engram.lexical_candidates, the lexical lane of one recall on its own: memory ids best first, their
 * BM25-style scores and, when asked for, their lexical shares (the share of the query's words each one's own words
 * match; null when not asked for or the query has no word), index for index. recall_candidates takes it back as
 * p_lexical_ids, p_lexical_scores and p_lexical_shares.
 */
export interface LexicalLane {
  ids: string[];
  scores: number[];
  shares: number[] | null;
}
