// Ingest service: stores a conversation's turns as episode memories, each indexed with the day it was said and
// its neighbouring turns as low-weight context, through the write pipeline in chunks (one embedding call and one
// transaction per chunk). The gate runs once per turn: its verdicts also decide what neighbours may quote and what
// the extractor may read. With extraction on, the extractor's proposals from the user's turns are then written as
// model inferences through the same pipeline and consolidation; when it times out or fails, the turns are stored
// with their extraction pending and the extract job (services/extract-pending.ts) retries them.
import { requireSubject } from '../access/index.ts';
import type { IngestExtraction, IngestItem, IngestRequest, IngestResponse } from '../contract/index.ts';
import type { Principal } from '../core/principal.ts';
import { extractionTurns, roleOfSpeaker } from '../extract/turns.ts';
import { DEFAULT_CONTEXT_TURNS, turnContext, turnMemoryInput, withoutSpeaker } from '../ingest/turns.ts';
import type { Extractor, TurnRole } from '../ports/extractor.ts';
import { type ExtractedTurns, extractTurns, writeProposals } from './extraction.ts';
import { createWritePipeline, type WritePipelineDeps } from './write-pipeline.ts';

export interface IngestServiceDeps extends WritePipelineDeps {
  /** Neighbouring turns indexed on each side of a turn; 0 indexes none. */
  contextTurns?: number;
  /** Turns per transaction and per embedding call. */
  chunkSize?: number;
  /** Already wrapped in its time budget (createExtractor); null or absent: ingest extracts nothing. */
  extractor?: Extractor | null | undefined;
}

const DEFAULT_CHUNK_SIZE = 100;

/** Who a speaker is for the extractor: the request's `user_speaker` when given, else by name (roleOfSpeaker). */
function rolesFor(userSpeaker: string | undefined): (speaker: string) => TurnRole {
  if (userSpeaker === undefined) return roleOfSpeaker;
  const user = userSpeaker.trim().toLowerCase();
  return (speaker) => {
    const role = roleOfSpeaker(speaker);
    if (speaker.trim().toLowerCase() === user) return 'user';
    return role === 'user' ? 'other' : role;
  };
}

export function createIngestService(deps: IngestServiceDeps) {
  const pipeline = createWritePipeline(deps);
  const contextTurns = deps.contextTurns ?? DEFAULT_CONTEXT_TURNS;
  const chunkSize = deps.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const extractor = deps.extractor ?? null;

  return {
    /** Stores every turn, in order (one item per message, in order), and what extraction made of them. */
    async ingest(principal: Principal, request: IngestRequest): Promise<IngestResponse> {
      requireSubject(principal, request.subject);
      const inputs = request.messages.map((m, i) => turnMemoryInput(request.subject, request.session, m, i));
      // Screen every turn first: a rejected turn (a secret, say) must not reach its neighbours' context text nor
      // the extractor, and an accepted one is quoted as the gate normalised it, never as sent.
      const screened = await pipeline.screen(principal, inputs);
      const usable = screened.map(({ verdict }, i) =>
        verdict.decision === 'accepted'
          ? withoutSpeaker(verdict.normalizedContent, request.messages[i]!.speaker)
          : null,
      );

      // Extract before the turns are stored, so that a turn the extractor did not read is stored as pending in
      // the same write (no second transaction to mark it). Bounded by the extractor's budget.
      const extracted: ExtractedTurns | null =
        extractor && (request.extract ?? 'auto') === 'auto'
          ? await extractTurns(
              extractor,
              request.session,
              extractionTurns(request.messages, usable, rolesFor(request.user_speaker)),
            )
          : null;
      const unread = new Set(extracted?.unread ?? []);

      const items: IngestItem[] = [];
      const episodeIds = new Map<number, string>();
      for (let start = 0; start < screened.length; start += chunkSize) {
        const chunk = screened.slice(start, start + chunkSize);
        const options = chunk.map((_, offset) => ({
          contextText: turnContext(
            usable,
            start + offset,
            request.messages[start + offset]!.at,
            contextTurns,
          ),
          extractionPending: unread.has(start + offset),
        }));
        for (const result of await pipeline.remember(principal, chunk, options)) {
          if (result.decision === 'rejected') {
            items.push({ id: null, status: 'rejected', reasons: result.reasons });
            continue;
          }
          episodeIds.set(items.length, result.memory.id);
          items.push({
            id: result.memory.id,
            status: result.decision === 'accepted' ? 'created' : 'duplicate',
          });
        }
      }

      const extraction: IngestExtraction = {
        status: extracted === null ? 'off' : extracted.failure === null ? 'done' : 'pending',
        extractor: extracted === null ? null : extractor!.model,
        proposals: extracted
          ? await writeProposals(pipeline, principal, request.subject, extracted.proposals, episodeIds)
          : [],
        dropped: extracted?.drops ?? {},
        reason: extracted?.failure ?? null,
      };
      return { items, extraction };
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
