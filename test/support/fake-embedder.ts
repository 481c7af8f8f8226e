// The deterministic embedder of src/embedding, wrapped to record every text it embeds, so that job tests can prove
// that no memory was embedded twice.
import {
  createDeterministicEmbedder,
  type DeterministicEmbedder,
} from '../../src/embedding/deterministic.ts';

export interface RecordingEmbedder extends DeterministicEmbedder {
  /** Every text of a successful embedDocuments call, in call order. */
  readonly embedded: string[];
}

/** A deterministic embedder of `dimensions` (model `fake/deterministic-<dimensions>@1`) that records its texts. */
export function createRecordingEmbedder(dimensions: number): RecordingEmbedder {
  const inner = createDeterministicEmbedder({ dimensions });
  const embedded: string[] = [];
  return {
    model: inner.model,
    provider: inner.provider,
    dimensions: inner.dimensions,
    version: inner.version,
    vectorOf: inner.vectorOf,
    setFault: inner.setFault,
    get calls() {
      return inner.calls;
    },
    embedded,
    embedQuery: inner.embedQuery,
    async embedDocuments(texts, options) {
      const vectors = await inner.embedDocuments(texts, options);
      embedded.push(...texts);
      return vectors;
    },
  };
}
