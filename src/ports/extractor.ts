// The extractor port: proposes durable memories from conversation turns. Adapters: the offline patterns (the
// embedded default) and any OpenAI-compatible chat model. Services depend on this interface only.
import type { DropCounts, Proposal } from '../core/proposal-schemas.ts';

/** Who said a turn. Only `user` turns are read for memories; `assistant` and `other` turns are context at most. */
export type TurnRole = 'user' | 'assistant' | 'other';

export interface ExtractTurn {
  /** Position in this batch; proposals cite it in `provenance.turns`. Unique within one input. */
  index: number;
  role: TurnRole;
  text: string;
  /** The caller's message id (ingest's `id`), carried into provenance. */
  id?: string | undefined;
}

export interface ExtractInput {
  /** The conversation the turns belong to; becomes `provenance.session`. */
  session: string;
  turns: readonly ExtractTurn[];
  /** The user's language when the caller knows it (BCP 47, e.g. `zh`); otherwise each adapter decides. */
  language?: string | undefined;
}

export interface ExtractOptions {
  /** Aborts the call; adapters must stop waiting as soon as it fires. */
  signal?: AbortSignal | undefined;
}

export interface ExtractResult {
  /** Validated proposals, in the order of the turns they came from. */
  proposals: Proposal[];
  /** Items of the extractor's answer that were dropped, counted by reason (nothing of them is kept). */
  drops: DropCounts;
}

export interface Extractor {
  /** Who extracts: `offline`, `openai`. */
  readonly provider: string;
  /**
   * What extracts, with its version: `offline/patterns@2`, `openai/gpt-4o-mini@extract-v1` (the model and the
   * prompt version). Recorded in each proposal's provenance; change it whenever the output may change.
   */
  readonly model: string;
  extract(input: ExtractInput, options?: ExtractOptions): Promise<ExtractResult>;
}

/**
 * Why an extraction failed, in the categories of embeddings (ports/embedder.ts): past the budget or aborted, the
 * provider failed, or its answer as a whole was unreadable (not JSON, no proposal list, no choice).
 * Safe to log and to keep on a pending job.
 */
export type ExtractFailure = 'extraction_timeout' | 'extraction_error' | 'extraction_invalid';

export class ExtractionError extends Error {
  readonly category: ExtractFailure;
  constructor(category: ExtractFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ExtractionError';
    this.category = category;
  }
}
