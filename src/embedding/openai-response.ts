// Turns the JSON body of an OpenAI-compatible `/embeddings` response into validated vectors in input order.
import { EmbeddingError } from '../ports/embedder.ts';
import { decodeFloat32Base64 } from './float32-base64.ts';
import { validateVector } from './validate.ts';

/**
 * Reads `{ data: [{ index, embedding }] }` where `embedding` is a number array or base64 float32 (servers may
 * answer either whatever was asked), places each item by its `index`, and validates every vector. Anything off
 * (missing items, duplicate or out-of-range indexes, wrong lengths, non-finite numbers) throws `embedding_invalid`.
 */
export function vectorsFromEmbeddingResponse(body: unknown, count: number, dimensions: number): number[][] {
  const data = isRecord(body) ? body.data : undefined;
  if (!Array.isArray(data)) throw invalid('openai: response has no data array');
  if (data.length !== count) throw invalid(`openai: got ${data.length} embeddings for ${count} inputs`);

  const out = new Array<number[] | undefined>(count);
  data.forEach((item: unknown, position) => {
    if (!isRecord(item)) throw invalid(`openai: item ${position} is not an object`);
    // Servers normally send items in order, but `index` is the contract: honour it when present.
    const index = item.index === undefined ? position : item.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count) {
      throw invalid(`openai: item ${position} has an out-of-range index`);
    }
    if (out[index]) throw invalid(`openai: index ${index} appears twice`);
    const raw = typeof item.embedding === 'string' ? decodeFloat32Base64(item.embedding) : item.embedding;
    out[index] = validateVector(raw, dimensions, `openai item ${index}`);
  });
  // Every slot is filled: count items, each in range, none twice.
  return out as number[][];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function invalid(message: string): EmbeddingError {
  return new EmbeddingError('embedding_invalid', message);
}
