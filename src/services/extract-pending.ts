// The extract job (`engram extract --pending`, the Worker cron): reads again the stored turns whose extraction
// timed out or failed at ingest, conversation by conversation, and writes what the extractor proposes through the
// tenant's write pipeline, like the backfill does for pending embeddings.
import type { Principal } from '../core/principal.ts';
import { roleOfSpeaker } from '../extract/turns.ts';
import { withoutSpeaker } from '../ingest/turns.ts';
import type { ExtractFailure, Extractor, ExtractTurn } from '../ports/extractor.ts';
import type { PendingExtraction } from '../ports/store.ts';
import { extractTurns, writeProposals } from './extraction.ts';
import { createRunBudget, type RunLimits } from './job-budget.ts';
import { createWritePipeline, type WritePipelineDeps } from './write-pipeline.ts';

export interface ExtractPendingOptions extends RunLimits {
  /** Turns claimed per batch. Default 200. */
  batchSize?: number | undefined;
  /** Failed attempts after which a turn is marked failed (its episode stays). Default 5. */
  maxAttempts?: number | undefined;
}

export interface ExtractPendingResult {
  /** Turns read by the extractor in this run (their pending mark cleared). */
  turns: number;
  /** Memories written (created, superseding, merged or duplicate) and proposals the gate rejected. */
  written: number;
  rejected: number;
  /** Turns whose batch failed again (one attempt counted on each), and those now marked failed. */
  attempted: number;
  markedFailed: number;
  batches: number;
  stoppedBy: 'done' | 'max_batches' | 'deadline' | 'extraction_failed';
  failure: ExtractFailure | null;
}

/** The job's principal in a tenant: what it writes is a model inference (trust 1) whoever runs it. */
function jobPrincipal(tenantId: string): Principal {
  return { kind: 'api_key', tenantId, scopes: ['memories:read', 'memories:write'], actor: 'job:extract' };
}

/** Pending turns by conversation (tenant, subject, session), in claim order, each in turn order. */
function conversations(rows: readonly PendingExtraction[]): PendingExtraction[][] {
  const groups = new Map<string, PendingExtraction[]>();
  for (const row of rows) {
    const id = JSON.stringify([row.tenantId, row.subject, row.session]);
    const group = groups.get(id) ?? [];
    group.push(row);
    groups.set(id, group);
  }
  return [...groups.values()].map((g) => g.sort((a, b) => (a.turn ?? 0) - (b.turn ?? 0)));
}

/**
 * Extracts pending turns until none are left or the budget is spent. A failed extraction counts one attempt on
 * its turns and ends the run: the provider is likely down, and the next run is the fair retry.
 */
export async function runExtractPending(
  deps: WritePipelineDeps,
  extractor: Extractor,
  options: ExtractPendingOptions = {},
): Promise<ExtractPendingResult> {
  const pipeline = createWritePipeline(deps);
  const budget = createRunBudget(options);
  const batchSize = options.batchSize ?? 200;
  const maxAttempts = options.maxAttempts ?? 5;
  const result: ExtractPendingResult = {
    turns: 0,
    written: 0,
    rejected: 0,
    attempted: 0,
    markedFailed: 0,
    batches: 0,
    stoppedBy: 'done',
    failure: null,
  };

  for (;;) {
    const exhausted = budget.exhausted();
    if (exhausted) {
      result.stoppedBy = exhausted;
      break;
    }
    const rows = await deps.store.withOperator((op) => op.claimPendingExtractions(batchSize));
    if (rows.length === 0) break;
    budget.spend();
    const done: string[] = [];
    const failed: string[] = [];
    for (const group of conversations(rows)) {
      if (result.failure !== null) {
        failed.push(...group.map((r) => r.id));
        continue;
      }
      const turns: ExtractTurn[] = group.map((row, index) => {
        const speaker = row.speaker ?? '';
        return {
          index,
          role: roleOfSpeaker(speaker),
          text: withoutSpeaker(row.content, speaker),
          ...(row.sourceId !== null ? { id: row.sourceId } : {}),
        };
      });
      const first = group[0]!;
      const extracted = await extractTurns(extractor, first.session ?? 'default', turns);
      const unread = new Set(extracted.unread);
      for (const [index, row] of group.entries()) (unread.has(index) ? failed : done).push(row.id);
      if (extracted.failure !== null) result.failure = extracted.failure;
      const outcomes = await writeProposals(
        pipeline,
        jobPrincipal(first.tenantId),
        first.subject,
        extracted.proposals,
        new Map(group.map((row, index) => [index, row.id])),
      );
      result.written += outcomes.filter((o) => o.outcome !== 'rejected').length;
      result.rejected += outcomes.filter((o) => o.outcome === 'rejected').length;
    }
    result.markedFailed += await deps.store.withOperator((op) =>
      op.finishPendingExtractions(done, failed, maxAttempts),
    );
    result.turns += done.length;
    result.attempted += failed.length;
    if (result.failure !== null) {
      result.stoppedBy = 'extraction_failed';
      break;
    }
  }
  result.batches = budget.batches;
  return result;
}
