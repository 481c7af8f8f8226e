// Ingest service: stores a conversation's turns as episode memories, each indexed with the day it was said and
// its neighbouring turns as low-weight context, through the write gate, in chunks (one embedding call and one transaction per chunk).
import type { Principal } from '../core/principal.ts';
import { DEFAULT_CONTEXT_TURNS, type IngestMessage, turnContext, turnMemoryInput } from '../ingest/turns.ts';
import type { GateReason, WriteGate } from '../ports/gate.ts';
import { assertScope, assertSubjectAllowed, callerContextOf, type MemoryService } from './memories.ts';

export interface IngestRequest {
  subject: string;
  /** The conversation or session the turns belong to; kept as source.session (recall can filter on it). */
  session: string;
  messages: readonly IngestMessage[];
}

export interface IngestItem {
  /** The memory id: the new one, or the existing one for a duplicate; null when rejected. */
  id: string | null;
  status: 'created' | 'duplicate' | 'rejected';
  /** Why the gate rejected the turn (codes such as `secret.private_key`), when it did. */
  reasons?: GateReason[];
}

export interface IngestServiceDeps {
  memories: MemoryService;
  gate: WriteGate;
  /** Neighbouring turns indexed on each side of a turn; 0 indexes none. */
  contextTurns?: number;
  /** Turns per transaction and per embedding call. */
  chunkSize?: number;
  now?: () => Date;
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
  const contextTurns = deps.contextTurns ?? DEFAULT_CONTEXT_TURNS;
  const chunkSize = deps.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const now = deps.now ?? (() => new Date());

  return {
    /** Stores every turn, in order; one item per message, in order. */
    async ingest(principal: Principal, request: IngestRequest): Promise<{ items: IngestItem[] }> {
      assertScope(principal, 'memories:write');
      assertSubjectAllowed(principal, request.subject);
      const inputs = request.messages.map((m, i) => turnMemoryInput(request.subject, request.session, m, i));
      // Screen every turn first: a rejected turn (a secret, say) must not reach its neighbours' context text, and
      // an accepted one is quoted as the gate normalised it, never as sent.
      const caller = callerContextOf(principal);
      const verdicts = await Promise.all(inputs.map((input) => deps.gate(input, caller, { now: now() })));
      const usable = verdicts.map((v, i) =>
        v.decision === 'accepted' ? withoutSpeaker(v.normalizedContent, request.messages[i]!.speaker) : null,
      );

      const items: IngestItem[] = [];
      for (let start = 0; start < inputs.length; start += chunkSize) {
        const chunk = inputs.slice(start, start + chunkSize);
        const options = chunk.map((_, offset) => ({
          contextText: turnContext(
            usable,
            start + offset,
            request.messages[start + offset]!.at,
            contextTurns,
          ),
        }));
        const results = await deps.memories.rememberMany(principal, chunk, options);
        for (const result of results) {
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
