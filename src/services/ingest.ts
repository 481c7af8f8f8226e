// Ingest service: stores a conversation's turns as episode memories, each indexed with the day it was said and
// its neighbouring turns as low-weight context, through the write pipeline in chunks (one embedding call and one
// transaction per chunk). The gate runs once per turn: its verdicts also decide what neighbours may quote.
import { requireSubject } from '../access/index.ts';
import type { IngestItem, IngestRequest, IngestResponse } from '../contract/index.ts';
import type { Principal } from '../core/principal.ts';
import { DEFAULT_CONTEXT_TURNS, turnContext, turnMemoryInput } from '../ingest/turns.ts';
import { createWritePipeline, type WritePipelineDeps } from './write-pipeline.ts';

export interface IngestServiceDeps extends WritePipelineDeps {
  /** Neighbouring turns indexed on each side of a turn; 0 indexes none. */
  contextTurns?: number;
  /** Turns per transaction and per embedding call. */
  chunkSize?: number;
}

const DEFAULT_CHUNK_SIZE = 100;

/**
 * A neighbour's words without its "Speaker: " label. Context is for the words around a turn; with the labels every
 * turn's context held both speakers' names, so any question naming a speaker matched every turn (LoCoMo, lexical:
 * R@10 0.745 -> 0.751, MRR 0.548 -> 0.557 without them; docs/benchmarks/locomo-tuning.md).
 */
function withoutSpeaker(content: string, speaker: string): string {
  const label = `${speaker.trim()}: `;
  return content.startsWith(label) ? content.slice(label.length) : content;
}

export function createIngestService(deps: IngestServiceDeps) {
  const pipeline = createWritePipeline(deps);
  const contextTurns = deps.contextTurns ?? DEFAULT_CONTEXT_TURNS;
  const chunkSize = deps.chunkSize ?? DEFAULT_CHUNK_SIZE;

  return {
    /** Stores every turn, in order; one item per message, in order. */
    async ingest(principal: Principal, request: IngestRequest): Promise<IngestResponse> {
      requireSubject(principal, request.subject);
      const inputs = request.messages.map((m, i) => turnMemoryInput(request.subject, request.session, m, i));
      // Screen every turn first: a rejected turn (a secret, say) must not reach its neighbours' context text, and
      // an accepted one is quoted as the gate normalised it, never as sent.
      const screened = await pipeline.screen(principal, inputs);
      const usable = screened.map(({ verdict }, i) =>
        verdict.decision === 'accepted'
          ? withoutSpeaker(verdict.normalizedContent, request.messages[i]!.speaker)
          : null,
      );

      const items: IngestItem[] = [];
      for (let start = 0; start < screened.length; start += chunkSize) {
        const chunk = screened.slice(start, start + chunkSize);
        const options = chunk.map((_, offset) => ({
          contextText: turnContext(
            usable,
            start + offset,
            request.messages[start + offset]!.at,
            contextTurns,
          ),
        }));
        for (const result of await pipeline.remember(principal, chunk, options)) {
          if (result.decision === 'rejected')
            items.push({ id: null, status: 'rejected', reasons: result.reasons });
          else
            items.push({
              id: result.memory.id,
              status: result.decision === 'accepted' ? 'created' : 'duplicate',
            });
        }
      }
      return { items };
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
