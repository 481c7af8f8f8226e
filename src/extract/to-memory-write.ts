// The one mapping from an extraction proposal to the memory write that goes through the gate: whatever extracted
// it, an extracted memory is the model's inference about the user, never the user's or the app's own word.

import type { MemoryInput, SourceType } from '../contract/index.ts';
import type { Proposal } from '../core/proposal-schemas.ts';

/**
 * The source type of every extracted memory: `model`, which the gate trusts at 1 ("model inference",
 * gate/trust.ts) for any caller, and at 0 when it suspects injection. Not a parameter, so no caller can raise it.
 */
export const EXTRACTED_SOURCE_TYPE = 'model' as const satisfies SourceType;

export interface ProposalWriteContext {
  subject: string;
  /** The ids of the episodes the source turns were stored as, by turn index, when the caller has them. */
  episodeIds?: ReadonlyMap<number, string> | undefined;
}

/**
 * The memory write of a proposal: its fields as validated, `source` { type: model, session, id of the first source
 * turn }, and `metadata.extraction` { extractor, turns, turn_ids, episode_ids } so the inspector and audit can show
 * where it came from. Every field is one the gate scans for secrets (content, key, facet, trigger, tags, source id,
 * metadata), so a secret that reached a proposal is refused there.
 */
export function proposalToMemoryWrite(proposal: Proposal, context: ProposalWriteContext): MemoryInput {
  const { turns, session, extractor } = proposal.provenance;
  const firstId = turns.find((t) => t.id !== undefined)?.id;
  const turnIds = turns.flatMap((t) => (t.id === undefined ? [] : [t.id]));
  const episodeIds = turns.flatMap((t) => {
    const id = context.episodeIds?.get(t.index);
    return id === undefined ? [] : [id];
  });
  return {
    subject: context.subject,
    kind: proposal.kind,
    content: proposal.content,
    ...(proposal.key !== undefined ? { key: proposal.key } : {}),
    ...(proposal.facet !== undefined ? { facet: proposal.facet, polarity: proposal.polarity } : {}),
    ...(proposal.trigger !== undefined ? { trigger: proposal.trigger } : {}),
    ...(proposal.tags.length > 0 ? { tags: proposal.tags } : {}),
    confidence: proposal.confidence,
    ...(proposal.language !== undefined ? { language: proposal.language } : {}),
    source: { type: EXTRACTED_SOURCE_TYPE, session, ...(firstId !== undefined ? { id: firstId } : {}) },
    metadata: {
      extraction: {
        extractor,
        turns: turns.map((t) => t.index),
        ...(turnIds.length > 0 ? { turn_ids: turnIds } : {}),
        ...(episodeIds.length > 0 ? { episode_ids: episodeIds } : {}),
      },
    },
  };
}
