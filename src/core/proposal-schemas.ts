// Extraction proposals: the memories an extractor proposes from chat turns, before the write gate. One schema for
// what an extractor answers (the wire item, also sent to chat models as JSON Schema) and one for a validated proposal.
import { z } from 'zod';
import { MemoryInputSchema } from '../contract/index.ts';

/** The kinds an extractor may propose: every durable kind; an `episode` is the turn itself, stored by ingest. */
export const PROPOSAL_KINDS = ['preference', 'constraint', 'fact', 'decision', 'rule'] as const;
/** A proposal's stance towards its facet; `neutral` states none, so a proposal then carries no facet at all. */
export const PROPOSAL_POLARITIES = ['prefer', 'avoid'] as const;

/** A proposal is one standalone sentence, not a transcript: longer answers are dropped as `invalid_content`. */
export const MAX_PROPOSAL_CONTENT_CHARS = 300;
export const MAX_PROPOSAL_TAGS = 8;
/** Most proposals kept from one extractor answer; the rest are dropped as `too_many`. */
export const MAX_PROPOSALS_PER_ANSWER = 32;

// Field limits come from the memory write itself, so a valid proposal is always a valid write.
const write = MemoryInputSchema.shape;

export const ProposalKindSchema = z.enum(PROPOSAL_KINDS);

/** A turn a proposal was read from: its position in the extracted batch and the caller's message id, if any. */
export const TurnRefSchema = z
  .object({ index: z.int().min(0), id: z.string().min(1).max(200).optional() })
  .strict();

export const ProvenanceSchema = z
  .object({
    /** The conversation the turns belong to (ingest's `session`). */
    session: z.string().min(1).max(200),
    /** The user turns that state it; never empty, never an assistant's turn. */
    turns: z.array(TurnRefSchema).min(1).max(64),
    /** Which extractor proposed it (`Extractor.model`, e.g. `offline/patterns@2`). */
    extractor: z.string().min(1).max(200),
  })
  .strict();

/**
 * A validated proposal. Content style (see docs/extraction.md): one standalone sentence in the user's language,
 * without a subject and without first person ("Does not eat cilantro", "Lives in Munich", "不吃香菜", "住在慕尼黑").
 * `key` is a slot of core/slot-keys.ts in canonical form; `facet` and `polarity` come together or not at all (the
 * recall conflict filter reads them on preferences); `trigger` only, and always, on a rule, whose content is then
 * the action ("Answer in one line").
 */
export const ProposalSchema = z
  .object({
    kind: ProposalKindSchema,
    content: write.content.max(MAX_PROPOSAL_CONTENT_CHARS),
    key: write.key.unwrap().optional(),
    facet: write.facet.unwrap().optional(),
    polarity: z.enum(PROPOSAL_POLARITIES).optional(),
    trigger: write.trigger.unwrap().optional(),
    tags: z.array(write.tags.unwrap().element).max(MAX_PROPOSAL_TAGS),
    confidence: z.number().min(0).max(1),
    language: write.language.unwrap().optional(),
    provenance: ProvenanceSchema,
  })
  .strict()
  .refine((p) => (p.facet === undefined) === (p.polarity === undefined), {
    message: 'give facet and polarity together',
    path: ['facet'],
  })
  .refine((p) => p.kind !== 'rule' || p.trigger !== undefined, {
    message: 'a rule needs a trigger',
    path: ['trigger'],
  })
  .refine((p) => p.kind === 'rule' || p.trigger === undefined, {
    message: 'only a rule has a trigger',
    path: ['trigger'],
  });

export type Proposal = z.infer<typeof ProposalSchema>;
export type ProposalKind = z.infer<typeof ProposalKindSchema>;
export type TurnRef = z.infer<typeof TurnRefSchema>;

/**
 * One proposal as an extractor answers it: every field present, null where it does not apply (the form OpenAI's
 * strict structured output requires). Only the shape is checked here; limits, the slot vocabulary and the source
 * turns are checked when it becomes a Proposal (extract/validate.ts), and the descriptions are the chat model's
 * field documentation.
 */
export const ExtractedItemSchema = z
  .object({
    kind: ProposalKindSchema.describe(
      'preference: likes, dislikes, wishes about answers; constraint: a hard limit that must hold whatever is ' +
        'asked later (allergy, diet, medical, budget); fact: about the user or their life; decision: a choice ' +
        'the user has made; rule: "when X, do Y" (needs trigger)',
    ),
    content: z
      .string()
      .describe(
        "one standalone sentence in the user's language, without a subject or first person: " +
          '"Does not eat cilantro", "Lives in Munich", "不吃香菜"',
      ),
    key: z.string().nullable().describe('the slot it fills, only from the listed keys and only when clear'),
    facet: z
      .string()
      .nullable()
      .describe('for a like or dislike: the thing it is about, in lower case ("cilantro", "spicy food")'),
    polarity: z.enum(PROPOSAL_POLARITIES).nullable().describe('with a facet: prefer or avoid'),
    trigger: z.string().nullable().describe('for a rule only: the word or phrase that makes it apply'),
    tags: z.array(z.string()).describe('up to 8 short topic tags'),
    confidence: z.number().describe('0 to 1: how sure it is that the user stated this as lasting'),
    source_turns: z.array(z.number()).describe('the indexes of the user turns that state it'),
  })
  .strict();

export type ExtractedItem = z.infer<typeof ExtractedItemSchema>;

/** A whole extractor answer: an object (JSON Schema roots must be objects) holding the list. */
export const ExtractionAnswerSchema = z.object({ proposals: z.array(z.unknown()) });

/**
 * Why an extracted item was dropped instead of becoming a proposal. A closed list, so counters can be registered
 * at zero; an item is dropped whole for the first reason found, never stored half-parsed.
 */
export const DROP_REASONS = [
  'malformed',
  'invalid_kind',
  'invalid_content',
  'invalid_key',
  'unknown_key',
  'invalid_facet',
  'invalid_polarity',
  'incomplete_stance',
  'invalid_trigger',
  'rule_without_trigger',
  'trigger_without_rule',
  'invalid_tags',
  'invalid_confidence',
  'invalid_source_turns',
  'unknown_turn',
  'not_user_turn',
  'duplicate',
  'too_many',
] as const;

export type DropReason = (typeof DROP_REASONS)[number];
/** How many items were dropped for each reason; reasons with none are absent. */
export type DropCounts = Partial<Record<DropReason, number>>;
