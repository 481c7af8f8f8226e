// Turns the float word vectors read from the source into the table the encoder uses (pure, no I/O).
import { estimateCommonComponent } from './common-component.ts';
import { DEFAULT_SIF_OPTIONS, sifWeight, zipfProbability } from './sif-encoder.ts';
import { quantizeRows, type WordTable } from './word-table.ts';

/** Words in the order of their rows, their float vectors (rows x dimensions) and the source's size. */
export interface FloatVectors {
  words: string[];
  vectors: Float32Array;
  dimensions: number;
  sourceVocabularySize: number;
}

/**
 * Content words per sentence in the common-component model. Memories and queries keep 3 to 10 content words
 * after stop words go; the benchmark measures the choice.
 */
export const COMMON_COMPONENT_WORDS = 6;

const CONTENT_WORD = /^[\p{L}\p{N}][\p{L}\p{N}-]*$/u;

/** Quantises the rows and estimates the common component with the default SIF weights. */
export function buildWordTable(
  source: FloatVectors,
  options: { quantize?: boolean; wordsPerSentence?: number; tailStride?: number } = {},
): WordTable {
  const { words, vectors, dimensions, sourceVocabularySize } = source;
  const rows = new Map<string, number>();
  // Backwards so a duplicate word keeps its first (most frequent) row, as in the packed cache.
  for (let row = words.length - 1; row >= 0; row--) rows.set(words[row]!, row);
  const stored =
    options.quantize === false
      ? { scales: new Float32Array(words.length).fill(1), values: vectors }
      : quantizeRows(vectors, dimensions);
  const table: WordTable = {
    dimensions,
    sourceVocabularySize,
    size: words.length,
    rowOf: (word) => rows.get(word),
    ...stored,
    commonComponent: new Float32Array(dimensions),
  };
  const { a, stopWords } = DEFAULT_SIF_OPTIONS;
  const probability = (row: number): number => zipfProbability(row + 1, sourceVocabularySize);
  const commonComponent = estimateCommonComponent({
    table,
    isContentRow: (row) => CONTENT_WORD.test(words[row]!) && !stopWords.has(words[row]!),
    probability,
    weight: (row) => sifWeight(probability(row), a),
    wordsPerSentence: options.wordsPerSentence ?? COMMON_COMPONENT_WORDS,
    ...(options.tailStride === undefined ? {} : { tailStride: options.tailStride }),
  });
  return { ...table, commonComponent };
}
