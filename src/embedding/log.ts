// The fields an embedding call logs (through the service logger in core/logger.ts).

/** The only fields an embedding call logs: what was called, how many inputs, how it ended and how long it took. */
export interface EmbedCallFields {
  provider: string;
  model: string;
  mode: 'query' | 'documents';
  count: number;
  outcome: 'ok' | 'embedding_timeout' | 'embedding_error' | 'embedding_invalid';
  duration_ms: number;
}
