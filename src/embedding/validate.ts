// Checks vectors coming back from any embedding provider: right count, right length, finite numbers only.
import { EmbeddingError } from '../ports/embedder.ts';

/**
 * Returns `value` as a plain number array when it holds exactly `dimensions` finite numbers; throws
 * `EmbeddingError('embedding_invalid')` otherwise. A bad vector must never be stored or compared: a NaN poisons
 * every distance, and a short vector silently lands in the wrong vector space.
 * `where` names the source in the message (e.g. `openai item 3`); it must not contain input text.
 */
export function validateVector(value: unknown, dimensions: number, where: string): number[] {
  const items = asNumberList(value);
  if (!items) throw invalid(`${where}: vector is not an array of numbers`);
  if (items.length !== dimensions) {
    throw invalid(`${where}: vector has ${items.length} numbers, expected ${dimensions}`);
  }
  const out = new Array<number>(dimensions);
  for (let i = 0; i < dimensions; i++) {
    const x = items[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) {
      throw invalid(`${where}: item ${i} is not a finite number`);
    }
    out[i] = x;
  }
  return out;
}

/** Validates a whole batch: exactly `expectedCount` vectors, each passing `validateVector`. */
export function validateVectors(
  value: unknown,
  expectedCount: number,
  dimensions: number,
  where: string,
): number[][] {
  if (!Array.isArray(value)) throw invalid(`${where}: expected an array of vectors`);
  if (value.length !== expectedCount) {
    throw invalid(`${where}: got ${value.length} vectors for ${expectedCount} inputs`);
  }
  return value.map((v, i) => validateVector(v, dimensions, `${where} vector ${i}`));
}

function asNumberList(value: unknown): ArrayLike<unknown> | undefined {
  if (Array.isArray(value)) return value;
  if (value instanceof Float32Array || value instanceof Float64Array) return value;
  return undefined;
}

function invalid(message: string): EmbeddingError {
  return new EmbeddingError('embedding_invalid', message);
}
