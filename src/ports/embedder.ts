// The embedder port: turns text into vectors. Adapters: local (word vectors), OpenAI-compatible, Workers AI,
// and a deterministic fake for tests. Services depend on this interface only.

export interface EmbedOptions {
  /** Aborts the call; adapters must stop waiting as soon as it fires (the recall time budget depends on it). */
  signal?: AbortSignal;
}

export interface Embedder {
  /**
   * Identifies the vector space: the model, its dimensions and how text becomes a vector. It is stored with
   * every vector, and vectors with a different id are never compared. Change it whenever any of those change,
   * e.g. `local/wink-sg-100d-sif@2` or `openai/text-embedding-3-small@1536`.
   */
  readonly model: string;
  /** Who serves the model: `local`, `openai`, `workers-ai`, `fake`. */
  readonly provider: string;
  readonly dimensions: number;
  /** Bumped when preprocessing changes while the model name stays; part of `model` too. */
  readonly version: string;
  /** The languages the model represents (BCP 47 tags), when it is limited to some: the local model says `en`. */
  readonly languages?: readonly string[];
  /**
   * False when the model cannot place this text in its space at all (the local model and a query made only of
   * CJK words it does not know): recall then skips the vector lane rather than treat chance similarities as
   * evidence. Absent: every text counts.
   */
  knows?(text: string): boolean;
  /**
   * True when the model computes on the caller's thread (the local models): while it embeds, nothing else in the
   * process moves, database round trips included. Recall then puts its lexical lane's statement on the wire before
   * it embeds the query, so that the database works on it meanwhile. Absent: the call waits on I/O (a hosted model).
   */
  readonly inProcess?: boolean;

  /** Vectors for stored memories, in input order; each has exactly `dimensions` finite numbers. */
  embedDocuments(texts: readonly string[], options?: EmbedOptions): Promise<number[][]>;
  /** The vector for a recall query (some models embed queries differently from documents). */
  embedQuery(text: string, options?: EmbedOptions): Promise<number[]>;
}

/** Why an embedding call failed, as a category that is safe to log and to return in `degraded.reason`. */
export type EmbedFailure = 'embedding_timeout' | 'embedding_error' | 'embedding_invalid';

export class EmbeddingError extends Error {
  readonly category: EmbedFailure;
  constructor(category: EmbedFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbeddingError';
    this.category = category;
  }
}

/**
 * The text that represents a memory in vector space: its content and tags, and for a rule its whole conclusion
 * ("trigger -> action"). Never metadata, source or ids: those would make unrelated memories look alike.
 */
export function embeddingTextOf(memory: {
  content: string;
  tags?: readonly string[];
  kind?: string;
  trigger?: string | null;
}): string {
  const body =
    memory.kind === 'rule' && memory.trigger ? `${memory.trigger} -> ${memory.content}` : memory.content;
  const tags = memory.tags && memory.tags.length > 0 ? `\n${memory.tags.join(' ')}` : '';
  return body + tags;
}
