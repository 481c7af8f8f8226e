// Registers the embedder a process runs with as an embedding model (its own HNSW index), with what the model ships
// with (threshold, fusion weights) stored only where nothing is set yet. The one place that maps an Embedder to
// the store's registration, for the server, the Worker, the CLI jobs and the eval.
import type { Embedder } from '../ports/embedder.ts';
import type { MemoryStore, ModelDefaults } from '../ports/store.ts';

export function registerEmbedder(
  store: MemoryStore,
  embedder: Embedder,
  options: { defaults?: ModelDefaults | undefined; activate: boolean },
): Promise<string> {
  return store.registerModel({
    model: embedder.model,
    provider: embedder.provider,
    dims: embedder.dimensions,
    threshold: options.defaults?.threshold ?? null,
    fusion: options.defaults?.fusion ?? null,
    floor: options.defaults?.floor ?? null,
    activate: options.activate,
  });
}
