// The local Embedder: SIF sentence vectors over wink's 100-d GloVe word vectors, computed in process.
import { type Embedder, EmbeddingError, type EmbedOptions } from '../../ports/embedder.ts';
import { createSentenceModel, type SentenceEncoder } from './sif-encoder.ts';
import type { WordTable } from './word-table.ts';
import {
  cacheFilePath,
  defaultCacheDir,
  loadWordTable,
  VOCABULARY_SIZE,
  type WordTableOptions,
} from './word-table-cache.ts';

/** 2: out-of-vocabulary CJK tokens count for nothing (sif-encoder.ts), so CJK texts' vectors changed. */
export const LOCAL_MODEL_VERSION = '2';
/** The vector space id stored with every vector: change it whenever the vectors would change. */
export const LOCAL_MODEL_ID = `local/wink-sg-100d-sif@${LOCAL_MODEL_VERSION}`;
export const LOCAL_MODEL_DIMENSIONS = 100;

/** Texts embedded between yields to the event loop, so an abort (the recall budget) is seen promptly. */
const BATCH = 256;

/** Options of {@link createLocalEmbedder}. */
export interface LocalEmbedderOptions {
  /** Where the binary cache lives; default `node_modules/.cache/engram` (the CLI passes ENGRAM_CACHE_DIR). */
  cacheDir?: string;
  /** Receives progress lines while the cache is built; default: written to stderr. */
  onProgress?: (message: string) => void;
}

// One table per cache file per process: several embedders (tests, CLI plus server) share the 44 MB table.
const tables = new Map<string, Promise<WordTable>>();

/**
 * The offline embedder of the embedded default. The first call in a fresh install builds the word-table
 * cache (a few seconds, with progress on stderr); later processes load it in well under a second.
 */
export async function createLocalEmbedder(options: LocalEmbedderOptions = {}): Promise<Embedder> {
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const key = cacheFilePath(cacheDir, VOCABULARY_SIZE);
  let table = tables.get(key);
  if (!table) {
    const tableOptions: WordTableOptions = { cacheDir, onProgress: options.onProgress ?? writeToStderr };
    table = loadWordTable(tableOptions);
    tables.set(key, table);
    // A failed load must not poison later attempts (e.g. after the package is installed).
    table.catch(() => tables.delete(key));
  }
  const loaded = await table;
  if (loaded.dimensions !== LOCAL_MODEL_DIMENSIONS) {
    throw new Error(
      `local embedder: cache has ${loaded.dimensions} dimensions, expected ${LOCAL_MODEL_DIMENSIONS}`,
    );
  }
  const model = createSentenceModel(loaded);
  return embedderFromEncoder(model.encode, model.knows);
}

/** The local model's vocabulary is English (wink's GloVe words): what /readyz and docs/models.md say. */
export const LOCAL_MODEL_LANGUAGES: readonly string[] = ['en'];

/** Wraps an encoder as the port; exported so tests and benchmarks can wrap encoder variants. */
export function embedderFromEncoder(encode: SentenceEncoder, knows?: (text: string) => boolean): Embedder {
  const embedAll = async (texts: readonly string[], options?: EmbedOptions): Promise<number[][]> => {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += BATCH) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      throwIfAborted(options?.signal);
      for (const text of texts.slice(start, start + BATCH)) vectors.push(Array.from(encode(text)));
    }
    return vectors;
  };
  return {
    model: LOCAL_MODEL_ID,
    provider: 'local',
    dimensions: LOCAL_MODEL_DIMENSIONS,
    version: LOCAL_MODEL_VERSION,
    languages: LOCAL_MODEL_LANGUAGES,
    inProcess: true,
    ...(knows ? { knows } : {}),
    embedDocuments: (texts, options) => embedAll(texts, options),
    embedQuery: async (text, options) => {
      const [vector] = await embedAll([text], options);
      return vector!;
    },
  };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new EmbeddingError('embedding_timeout', 'local embedding aborted', { cause: signal.reason });
  }
}

function writeToStderr(message: string): void {
  process.stderr.write(`engram: ${message}\n`);
}
