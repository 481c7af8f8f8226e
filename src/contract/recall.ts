// Recall (POST /v1/recall): the request, and the answer with its items, rules, context and explanations. The
// ranking layer (src/recall) builds exactly these shapes; nothing here is written a second time.
import { z } from 'zod';
import {
  IsoDateSchema,
  LanguageSchema,
  MemoryKindSchema,
  RecallModeSchema,
  SubjectSchema,
  TagSchema,
} from './memory.ts';

/** The request's `budget` object; every field optional, defaults in src/recall/budget.ts. */
export const RecallBudgetSchema = z
  .object({
    max_items: z.number().int().min(0).max(50).optional(),
    max_chars_per_item: z.number().int().min(1).max(8000).optional(),
    max_total_chars: z.number().int().min(1).max(50_000).optional(),
  })
  .strict();

export const RecallRequestSchema = z
  .object({
    subject: SubjectSchema,
    // Long inputs are cut to their first and last 400 chars before search; this only bounds the request.
    query: z.string().min(1).max(20_000),
    limit: z.number().int().min(1).max(50).optional(),
    kinds: z.array(MemoryKindSchema).min(1).max(6).optional(),
    tags: z.array(TagSchema).min(1).max(32).optional(),
    session: z.string().min(1).max(200).optional(),
    min_trust: z.number().int().min(0).max(3).optional(),
    min_importance: z.number().min(0).max(1).optional(),
    since: IsoDateSchema.optional(),
    until: IsoDateSchema.optional(),
    mode: RecallModeSchema.optional(),
    budget: RecallBudgetSchema.optional(),
    explain: z.boolean().optional(),
    language: LanguageSchema.optional(),
  })
  .strict();

/** The two search lanes the database answers from. */
export const LaneSchema = z.enum(['vector', 'lexical']);

/** Why an item ranked where it did (returned when the request sets `explain`). */
export const WhySchema = z.object({
  lanes: z.array(LaneSchema),
  /** The similarity seen in the vector lane, even when it was below the threshold (then `lanes` lacks vector). */
  vector_similarity: z.number().nullable(),
  vector_rank: z.number().nullable(),
  /** The vector lane found the memory under the model's threshold: that evidence did not count. */
  below_threshold: z.boolean(),
  lexical_rank: z.number().nullable(),
  /** The lexical lane's BM25-style score. */
  lexical_score: z.number().nullable(),
  /**
   * The fused score recall_candidates computed (the one fusion): in a hybrid recall each lane weighed per memory
   * (its kind's lane weights and its rank among its kind, its lexical share, its similarity over the query's best).
   */
  rrf: z.number(),
  /** rrf over the best possible with the active lanes, in [0, 1]: what the score is based on. */
  rrf_normalised: z.number(),
  /**
   * Hybrid recalls, memories the lexical lane found: the share of the query's words that the memory's own words
   * match (PostgreSQL's stemming); null otherwise.
   */
  lexical_share: z.number().nullable(),
  recency: z.number(),
  threshold: z.number().nullable(),
  importance: z.number(),
  trust: z.number(),
  /** The reranker's relevance in [0, 1], when a reranker (ENGRAM_RERANKER) scored the item. */
  rerank: z.number().optional(),
  /**
   * A chat turn's weight when the query names exactly one of the speakers among the candidate turns: 1 for that
   * speaker's own turns, less for another speaker's (src/recall/named-speaker.ts). Absent otherwise.
   */
  speaker_weight: z.number().optional(),
  /**
   * The memory's rank in the key lane: its key answers the slot a direct question names ("What's my title?" -> job
   * keys, src/recall/slot-question.ts). Absent when the recall named no keys or the memory is under none of them.
   */
  key_rank: z.number().optional(),
});

/** One recalled memory as the response lists it. */
export const RecallItemSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  kind: MemoryKindSchema,
  tags: z.array(z.string()),
  trust: z.number(),
  importance: z.number(),
  confidence: z.number(),
  created_at: z.string(),
  source: z.object({ type: z.string() }).passthrough(),
  score: z.number(),
  /** The content was cut to fit the budget. */
  truncated: z.boolean(),
  /** False when the memory is under the confidence floor and so left out of `context`. */
  in_context: z.boolean(),
  why: WhySchema.optional(),
});

/** apply: act without asking; confirm: propose and let the user confirm; ask: ask whether the rule holds. */
export const RuleActionSchema = z.enum(['apply', 'confirm', 'ask']);

/** A rule whose trigger occurs in the query, with the action its confidence allows. */
export const RuleHitSchema = z.object({
  id: z.uuid(),
  trigger: z.string(),
  content: z.string(),
  confidence: z.number(),
  action: RuleActionSchema,
});

/** Why a candidate the database returned is not among the items (the first reason that removed it). */
export const DropReasonSchema = z.enum([
  'below_threshold',
  'invalid_score',
  'conflict',
  'duplicate',
  'over_budget',
  'below_floor',
  // The query does not ask about the person (its memory-seeking margin is under the model's cut,
  // src/recall/query-intent.ts): every candidate is dropped for it.
  'not_memory_seeking',
]);

/** A dropped candidate, listed when the request sets `explain`. */
export const DroppedItemSchema = z.object({
  id: z.uuid(),
  reason: DropReasonSchema,
  /** The similarity the vector lane saw, if it found the memory. */
  vector_similarity: z.number().nullable(),
});

export const RecallResponseSchema = z.object({
  items: z.array(RecallItemSchema),
  rules: z.array(RuleHitSchema),
  context: z.string(),
  degraded: z.object({ reason: z.string(), lanes: z.array(z.string()) }).nullable(),
  /**
   * True when the lanes found candidates but none had good enough evidence (the model's relevance floor), or the
   * query does not ask about the person at all (`intent`).
   */
  nothing_relevant: z.boolean().optional(),
  /**
   * With `explain`, when the model has a query-level floor: the query's memory-seeking margin (nearer to questions
   * about a person's own life than to general ones when positive) and the model's cut under which nothing returns.
   */
  intent: z.object({ margin: z.number(), floor: z.number() }).optional(),
  recall_id: z.uuid(),
  model: z.string().nullable(),
  /** `rerank` only when a reranker is configured. */
  timing_ms: z.object({
    embed: z.number(),
    search: z.number(),
    rerank: z.number().optional(),
    total: z.number(),
  }),
  /** With `explain`: the candidates that did not become items, and why. */
  dropped: z.array(DroppedItemSchema).optional(),
});

export type RecallBudgetInput = z.infer<typeof RecallBudgetSchema>;
export type RecallRequest = z.infer<typeof RecallRequestSchema>;
export type Lane = z.infer<typeof LaneSchema>;
export type Why = z.infer<typeof WhySchema>;
export type RecallItem = z.infer<typeof RecallItemSchema>;
export type RuleAction = z.infer<typeof RuleActionSchema>;
export type RuleHit = z.infer<typeof RuleHitSchema>;
export type RecallResponse = z.infer<typeof RecallResponseSchema>;
export type DropReason = z.infer<typeof DropReasonSchema>;
export type DroppedItem = z.infer<typeof DroppedItemSchema>;
