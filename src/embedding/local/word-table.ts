// The in-memory word-vector table: words in frequency order with int8 vectors, as loaded from the cache.

/**
 * Word vectors in frequency order (row 0 is the most frequent word), each stored as int8 times a row scale.
 * The cache always holds int8; float32 rows (scale 1) exist only so the benchmark can measure what int8 costs.
 */
export interface WordTable {
  readonly dimensions: number;
  /** Words of the source vocabulary, which the Zipf estimate of word probability is based on. */
  readonly sourceVocabularySize: number;
  /** Rows in the table. */
  readonly size: number;
  /** The row of a word (its rank is row + 1), or undefined when the table lacks it. */
  rowOf(word: string): number | undefined;
  /** Per row: component = stored value * scale. */
  readonly scales: Float32Array;
  /** size x dimensions components. */
  readonly values: Int8Array | Float32Array;
  /** Unit vector that SIF removes from every sentence vector (see common-component.ts). */
  readonly commonComponent: Float32Array;
}

/**
 * Quantises float rows to int8 with one scale per row (max |component| / 127). Per-row scales keep the
 * relative error near 0.4% for every word, rare or frequent, at a quarter of float32's size.
 */
export function quantizeRows(
  vectors: Float32Array,
  dimensions: number,
): { scales: Float32Array; values: Int8Array } {
  const rows = vectors.length / dimensions;
  const scales = new Float32Array(rows);
  const values = new Int8Array(vectors.length);
  for (let row = 0; row < rows; row++) {
    const base = row * dimensions;
    let max = 0;
    for (let d = 0; d < dimensions; d++) max = Math.max(max, Math.abs(vectors[base + d]!));
    const scale = max > 0 ? max / 127 : 1;
    scales[row] = scale;
    for (let d = 0; d < dimensions; d++) values[base + d] = Math.round(vectors[base + d]! / scale);
  }
  return { scales, values };
}

/** Adds `weight` times the vector of `row` to `target`. */
export function addRow(table: WordTable, row: number, weight: number, target: Float64Array): void {
  const dims = table.dimensions;
  const base = row * dims;
  const factor = weight * table.scales[row]!;
  const values = table.values;
  for (let d = 0; d < dims; d++) target[d]! += factor * values[base + d]!;
}
