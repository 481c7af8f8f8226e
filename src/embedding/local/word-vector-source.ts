// Reads the most frequent words of the wink word-vector JSON by streaming it (the one place that opens it).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FloatVectors } from './build-word-table.ts';
import { type WinkHeader, WinkJsonScanner } from './wink-json-scanner.ts';

/**
 * Streams the file and keeps the vectors of the `maxRows` most frequent words (all of them by default). The
 * file lists entries in rank order, so a smaller cut stops reading early; were it not ordered, the whole file
 * would be read and the result would be the same. Peak memory is the kept rows as float32 (137 MB for all
 * 341k words) plus one read chunk, against about 1 GB for JSON.parse.
 */
export async function readWordVectors(
  path: string,
  maxRows: number,
  onProgress: (fraction: number) => void = () => {},
): Promise<FloatVectors> {
  let header: WinkHeader | undefined;
  let words: string[] = [];
  let vectors = new Float32Array(0);
  let wanted = 0;
  let filled = 0;
  let nextTenth = 1;
  const scanner = new WinkJsonScanner({
    onHeader: (found) => {
      header = found;
      wanted = Math.min(maxRows, found.size);
      words = new Array<string>(wanted);
      vectors = new Float32Array(wanted * found.dimensions);
    },
    onEntry: (word, values) => {
      const { dimensions, wordIndex } = header!;
      const rank = values[wordIndex];
      if (values.length < dimensions || rank === undefined || !Number.isInteger(rank) || rank < 0) {
        throw new Error(`word-vector file: malformed entry (${values.length} numbers)`);
      }
      if (rank >= wanted || words[rank] !== undefined) return true;
      words[rank] = word;
      for (let d = 0; d < dimensions; d++) vectors[rank * dimensions + d] = values[d]!;
      filled++;
      while (nextTenth <= 10 && filled * 10 >= nextTenth * wanted) onProgress(nextTenth++ / 10);
      return filled < wanted;
    },
  });
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream) {
      scanner.push(chunk as Buffer);
      if (scanner.done) break;
    }
  } finally {
    stream.destroy();
  }
  if (!scanner.done) scanner.end();
  if (!header) throw new Error('word-vector file: no header');
  if (filled < wanted) {
    throw new Error(`word-vector file: only ${filled} of the ${wanted} most frequent words have vectors`);
  }
  return { words, vectors, dimensions: header.dimensions, sourceVocabularySize: header.size };
}

/** Size of the source file, part of the cache's identity. */
export async function sourceBytes(path: string): Promise<number> {
  return (await stat(path)).size;
}
