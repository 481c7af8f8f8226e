// Extraction on the write path, shared by ingest and the extract job: the extractor over a conversation's turns in
// chunks, then every proposal through the write gate (as a model inference) and consolidation, one outcome each.
import type { ExtractedProposal } from '../contract/index.ts';
import type { Principal } from '../core/principal.ts';
import type { DropCounts, Proposal } from '../core/proposal-schemas.ts';
import { proposalToMemoryWrite } from '../extract/to-memory-write.ts';
import { addDrops } from '../extract/validate.ts';
import {
  type ExtractFailure,
  ExtractionError,
  type Extractor,
  type ExtractTurn,
} from '../ports/extractor.ts';
import type { WritePipeline } from './write-pipeline.ts';

/**
 * Turns per extractor call. The model extractor sends every turn of a call in one prompt (each cut at 2,000
 * chars); 40 turns keep a prompt within a few thousand tokens while giving each statement its neighbours.
 */
export const EXTRACT_CHUNK_TURNS = 40;

export interface ExtractedTurns {
  proposals: Proposal[];
  drops: DropCounts;
  /** Why a chunk failed; the turns of that chunk and of every later one are in `unread`. Null when all were read. */
  failure: ExtractFailure | null;
  /** Indexes of turns the extractor did not read (their extraction is pending). */
  unread: number[];
}

/**
 * Runs the extractor over `turns` chunk by chunk. After a failed chunk the rest is not tried: the provider is most
 * likely down or slow, and each call would wait out its whole budget again; the extract job retries them later.
 */
export async function extractTurns(
  extractor: Extractor,
  session: string,
  turns: readonly ExtractTurn[],
): Promise<ExtractedTurns> {
  const result: ExtractedTurns = { proposals: [], drops: {}, failure: null, unread: [] };
  for (let start = 0; start < turns.length; start += EXTRACT_CHUNK_TURNS) {
    const chunk = turns.slice(start, start + EXTRACT_CHUNK_TURNS);
    if (result.failure === null) {
      try {
        const answer = await extractor.extract({ session, turns: chunk });
        result.proposals.push(...answer.proposals);
        addDrops(result.drops, answer.drops);
        continue;
      } catch (error) {
        result.failure = error instanceof ExtractionError ? error.category : 'extraction_error';
      }
    }
    result.unread.push(...chunk.map((t) => t.index));
  }
  return result;
}

/**
 * Writes proposals as memories of `subject`: each becomes a write from source `model` (trust at most 1, whoever
 * calls), goes through the gate and consolidation in one transaction, and reports its outcome. `episodeIds` maps a
 * turn index to the episode it was stored as, so that a memory can show its source turns.
 */
export async function writeProposals(
  pipeline: WritePipeline,
  principal: Principal,
  subject: string,
  proposals: readonly Proposal[],
  episodeIds: ReadonlyMap<number, string>,
): Promise<ExtractedProposal[]> {
  if (proposals.length === 0) return [];
  const inputs = proposals.map((p) => proposalToMemoryWrite(p, { subject, episodeIds }));
  const results = await pipeline.remember(principal, await pipeline.screen(principal, inputs));
  return proposals.map((p, i) => {
    const result = results[i]!;
    const base = {
      kind: p.kind,
      content: p.content,
      ...(p.key !== undefined ? { key: p.key } : {}),
      ...(p.facet !== undefined ? { facet: p.facet } : {}),
      ...(p.polarity !== undefined ? { polarity: p.polarity } : {}),
      ...(p.trigger !== undefined ? { trigger: p.trigger } : {}),
      turns: p.provenance.turns.map((t) => t.index),
    };
    switch (result.decision) {
      case 'rejected':
        return { ...base, outcome: 'rejected', id: null, superseded: [], reasons: result.reasons };
      case 'accepted':
        return {
          ...base,
          outcome: result.superseded.length > 0 ? 'superseded' : 'created',
          id: result.memory.id,
          superseded: result.superseded,
        };
      default:
        return { ...base, outcome: result.decision, id: result.memory.id, superseded: [] };
    }
  });
}
