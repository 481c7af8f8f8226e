// Sentence vectors by smooth inverse frequency: a weighted average of word vectors, minus the common direction.
import { hasCjk } from '../../language/scripts.ts';
import { STOP_WORDS } from '../../language/stop-words.ts';
import { tokenize } from '../../language/word-tokens.ts';
import { hashedWordVector } from './oov.ts';
import { addRow, type WordTable } from './word-table.ts';

/** The knobs of the encoder; the defaults are what the model id `local/wink-sg-100d-sif@2` means. */
export interface SifOptions {
  /** SIF smoothing: weight = a / (a + p(w)). Smaller a down-weights frequent words harder. */
  a: number;
  stopWords: ReadonlySet<string>;
  /**
   * Length of the hashed vector of an out-of-vocabulary word. 5 is about the median length of the known
   * content words around it (ranks 1k to 100k), so an unknown name counts like a known word; the benchmark
   * shows shorter vectors let a shared rare name lose to unrelated memories.
   */
  oovNorm: number;
  /**
   * Length for an all-digit token: the vocabulary has no numbers at all, and a number is a weaker signal
   * than a name ("3 pm" rarely means the "3" of "March 3"), so it gets a rare word's length (3.5, the median
   * past rank 100k). Dropping numbers instead measurably hurts retrieval.
   */
  numberNorm: number;
  /** Whether out-of-vocabulary words count at all (false only to measure what the hashing buys). */
  useOov: boolean;
  /** Whether to remove the table's common component (false only to measure what it buys). */
  removeCommonComponent: boolean;
}

export const DEFAULT_SIF_OPTIONS: SifOptions = {
  a: 1e-3,
  stopWords: STOP_WORDS,
  oovNorm: 5,
  numberNorm: 3.5,
  useOov: true,
  removeCommonComponent: true,
};

const EULER_GAMMA = 0.5772156649;
const ALL_DIGITS = /^\p{N}+$/u;

/**
 * Probability of the word at `rank` (1 = most frequent) under Zipf's law with exponent 1 over a vocabulary
 * of `vocabularySize` words: 1 / (rank * H(n)), H(n) the harmonic number. The wink file keeps only the
 * frequency order, not counts, and on English text this estimate is within a factor of about two of real
 * frequencies across the ranks that matter (the first few thousand), which is all SIF needs.
 */
export function zipfProbability(rank: number, vocabularySize: number): number {
  const harmonic = Math.log(vocabularySize) + EULER_GAMMA + 1 / (2 * vocabularySize);
  return 1 / (rank * harmonic);
}

/** The SIF weight a / (a + p). */
export function sifWeight(probability: number, a: number): number {
  return a / (a + probability);
}

/** Turns a text into a unit vector; the same text always gives the same vector. */
export type SentenceEncoder = (text: string) => Float32Array;

/** An encoder that can also say whether a text holds anything its vector space represents. */
export interface SentenceModel {
  encode: SentenceEncoder;
  /**
   * False when no token of the text is a known word or a hashable alphabetic word: its vector is then the fixed
   * "empty" one, which means nothing, so its similarities must not count as evidence.
   */
  knows(text: string): boolean;
}

/**
 * Builds the encoder for a table. Per token: the word's vector if the vocabulary has it (a hyphenated
 * compound it lacks is split; accents are stripped as a last resort), else a hashed n-gram vector weighted as
 * the rarest word. Stop words are dropped unless nothing else is left. A text with no tokens at all gets a
 * fixed pseudo-random unit vector, so it is valid, deterministic and close to nothing real.
 */
export function createSentenceEncoder(table: WordTable, options: Partial<SifOptions> = {}): SentenceEncoder {
  return createSentenceModel(table, options).encode;
}

/**
 * The encoder and its coverage test. Out-of-vocabulary tokens in a CJK script count for nothing (@2): the
 * vocabulary has no CJK words and unspaced CJK text tokenises as whole runs between punctuation, so their hashed
 * n-grams almost never match the same word in another run, and their random directions only made unrelated
 * texts pass the threshold by chance (std 0.1 in 100 dimensions against a threshold of 0.14).
 */
export function createSentenceModel(table: WordTable, options: Partial<SifOptions> = {}): SentenceModel {
  const settings = { ...DEFAULT_SIF_OPTIONS, ...options };
  const dims = table.dimensions;
  const n = table.sourceVocabularySize;
  const rowWeight = (row: number): number => sifWeight(zipfProbability(row + 1, n), settings.a);
  const oovWeight = sifWeight(zipfProbability(n, n), settings.a);
  const emptyVector = hashedWordVector('\u0000empty', dims, 1);
  const oovCache = new Map<string, Float32Array>();

  /** Adds the word's vector to `sum`; false when the word adds nothing. */
  const addWord = (word: string, sum: Float64Array): boolean => {
    const row = table.rowOf(word) ?? table.rowOf(stripAccents(word));
    if (row !== undefined) {
      addRow(table, row, rowWeight(row), sum);
      return true;
    }
    if (!settings.useOov || hasCjk(word)) return false;
    let vector = oovCache.get(word);
    if (!vector) {
      vector = hashedWordVector(word, dims, ALL_DIGITS.test(word) ? settings.numberNorm : settings.oovNorm);
      // Bounded so a stream of unique junk tokens cannot grow memory without limit.
      if (oovCache.size >= 10_000) oovCache.clear();
      oovCache.set(word, vector);
    }
    for (let d = 0; d < dims; d++) sum[d]! += oovWeight * vector[d]!;
    return true;
  };

  const expand = (token: string): string[] =>
    token.includes('-') && table.rowOf(token) === undefined ? token.split('-').filter(Boolean) : [token];

  /** The weighted sum of the text's word vectors, and whether any word counted. */
  const accumulate = (text: string): { sum: Float64Array; counted: boolean } => {
    const words = tokenize(text).flatMap(expand);
    const content = words.filter((word) => !settings.stopWords.has(word));
    const sum = new Float64Array(dims);
    let counted = false;
    for (const word of content.length > 0 ? content : words) counted = addWord(word, sum) || counted;
    return { sum, counted };
  };

  const encode = (text: string): Float32Array => {
    const { sum } = accumulate(text);
    const length = norm(sum);
    if (!(length > 1e-9)) return emptyVector.slice();
    if (!settings.removeCommonComponent) return scaled(sum, 1 / length);
    const removed = Float64Array.from(sum);
    let projection = 0;
    for (let d = 0; d < dims; d++) projection += removed[d]! * table.commonComponent[d]!;
    for (let d = 0; d < dims; d++) removed[d]! -= projection * table.commonComponent[d]!;
    // A text lying (almost) entirely along the common direction would become rounding noise, or NaN.
    const remaining = norm(removed);
    return remaining > length * 1e-6 ? scaled(removed, 1 / remaining) : scaled(sum, 1 / length);
  };
  return { encode, knows: (text) => accumulate(text).counted };
}

function stripAccents(word: string): string {
  return word.normalize('NFD').replace(/\p{M}+/gu, '');
}

function norm(vector: Float64Array): number {
  let squares = 0;
  for (const value of vector) squares += value * value;
  return Math.sqrt(squares);
}

function scaled(vector: Float64Array, factor: number): Float32Array {
  return Float32Array.from(vector, (value) => value * factor);
}
