// Turns an extractor's answer items into validated proposals, each whole or dropped with a counted reason: the one
// validation every extractor's output goes through, whoever wrote it.
import {
  type DropCounts,
  type DropReason,
  ExtractedItemSchema,
  MAX_PROPOSALS_PER_ANSWER,
  type Proposal,
  ProposalSchema,
  type TurnRef,
} from '../core/proposal-schemas.ts';
import { canonicalSlotKey } from '../core/slot-keys.ts';
import type { ExtractInput, ExtractResult } from '../ports/extractor.ts';

export interface CollectContext {
  input: ExtractInput;
  /** `Extractor.model`, recorded in provenance. */
  extractor: string;
  /** The language of every proposal of this answer, when the extractor knows it. */
  language?: string | undefined;
}

type Outcome = { proposal: Proposal } | { drop: DropReason };

/** The drop reason for a failed field, first field first, so an item fails for its most basic problem. */
const FIELD_REASONS: readonly [string, DropReason][] = [
  ['kind', 'invalid_kind'],
  ['content', 'invalid_content'],
  ['key', 'invalid_key'],
  ['facet', 'invalid_facet'],
  ['polarity', 'invalid_polarity'],
  ['trigger', 'invalid_trigger'],
  ['tags', 'invalid_tags'],
  ['confidence', 'invalid_confidence'],
  ['source_turns', 'invalid_source_turns'],
  ['provenance', 'invalid_source_turns'],
];

function reasonFor(paths: readonly (readonly PropertyKey[])[]): DropReason {
  const fields = new Set(paths.map((p) => String(p[0] ?? '')));
  for (const [field, reason] of FIELD_REASONS) if (fields.has(field)) return reason;
  return 'malformed';
}

/** Null, or a string that is empty once trimmed, means "does not apply". */
function present(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function one(item: unknown, context: CollectContext): Outcome {
  const parsed = ExtractedItemSchema.safeParse(item);
  if (!parsed.success) return { drop: reasonFor(parsed.error.issues.map((i) => i.path)) };
  const raw = parsed.data;

  const rawKey = present(raw.key);
  const key = rawKey === undefined ? undefined : canonicalSlotKey(rawKey);
  if (rawKey !== undefined && key === undefined) return { drop: 'unknown_key' };

  const turns = new Map(context.input.turns.map((t) => [t.index, t]));
  const cited = [...new Set(raw.source_turns)];
  if (cited.length === 0 || !cited.every(Number.isInteger)) return { drop: 'invalid_source_turns' };
  const refs: TurnRef[] = [];
  for (const index of cited.sort((a, b) => a - b)) {
    const turn = turns.get(index);
    if (!turn) return { drop: 'unknown_turn' };
    // What the assistant (or a third party) said is never the user's memory, whoever cited it.
    if (turn.role !== 'user') return { drop: 'not_user_turn' };
    refs.push(turn.id === undefined ? { index } : { index, id: turn.id });
  }

  // As given: the conflict filter compares facets case-insensitively, and folding case here could hide a pasted
  // key from the gate's detectors.
  const facet = present(raw.facet);
  const polarity = raw.polarity ?? undefined;
  const trigger = present(raw.trigger);
  if ((facet === undefined) !== (polarity === undefined)) return { drop: 'incomplete_stance' };
  if (raw.kind === 'rule' && trigger === undefined) return { drop: 'rule_without_trigger' };
  if (raw.kind !== 'rule' && trigger !== undefined) return { drop: 'trigger_without_rule' };

  const candidate = {
    kind: raw.kind,
    content: raw.content.trim(),
    ...(key !== undefined ? { key } : {}),
    ...(facet !== undefined ? { facet, polarity } : {}),
    ...(trigger !== undefined ? { trigger } : {}),
    tags: [...new Set(raw.tags.map((t) => t.trim()).filter((t) => t !== ''))],
    confidence: raw.confidence,
    ...(context.language !== undefined ? { language: context.language } : {}),
    provenance: { session: context.input.session, turns: refs, extractor: context.extractor },
  };
  const checked = ProposalSchema.safeParse(candidate);
  if (!checked.success) return { drop: reasonFor(checked.error.issues.map((i) => i.path)) };
  return { proposal: checked.data };
}

/** The language tag as a memory stores it, or undefined when the value is not a tag ("Chinese", "zh_CN"). */
export function languageTag(value: string | undefined): string | undefined {
  return value !== undefined && ProposalSchema.shape.language.safeParse(value).success ? value : undefined;
}

/** Same kind and the same words (case and spacing aside): the second is a duplicate within one answer. */
function identity(p: Proposal): string {
  return `${p.kind}\u0000${p.content.toLowerCase().replace(/\s+/g, ' ')}\u0000${p.key ?? ''}`;
}

/**
 * Validates every item of an answer: the shape (ExtractedItemSchema), the slot vocabulary (keys are stored in
 * canonical form), facet and polarity together, triggers on rules only, and source turns that exist and are the
 * user's. Items past MAX_PROPOSALS_PER_ANSWER and repeats are dropped too. Proposals come out in turn order.
 */
export function collectProposals(items: readonly unknown[], context: CollectContext): ExtractResult {
  const drops: DropCounts = {};
  const count = (reason: DropReason) => {
    drops[reason] = (drops[reason] ?? 0) + 1;
  };
  const proposals: Proposal[] = [];
  const seen = new Set<string>();
  for (const [position, item] of items.entries()) {
    if (position >= MAX_PROPOSALS_PER_ANSWER) {
      count('too_many');
      continue;
    }
    const outcome = one(item, context);
    if ('drop' in outcome) {
      count(outcome.drop);
      continue;
    }
    const id = identity(outcome.proposal);
    if (seen.has(id)) {
      count('duplicate');
      continue;
    }
    seen.add(id);
    proposals.push(outcome.proposal);
  }
  const first = (p: Proposal) => p.provenance.turns[0]!.index;
  // A stable sort: proposals from one turn keep the extractor's order.
  return { proposals: proposals.sort((a, b) => first(a) - first(b)), drops };
}

/** Adds drop counts of several answers (the offline extractor validates turn by turn). */
export function addDrops(into: DropCounts, more: DropCounts): DropCounts {
  for (const [reason, n] of Object.entries(more) as [DropReason, number][])
    into[reason] = (into[reason] ?? 0) + n;
  return into;
}
