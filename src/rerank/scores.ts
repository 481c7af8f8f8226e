// The one reading of a rerank response: `(index, score)` pairs from any provider to one score per document.
import { RerankError } from '../ports/reranker.ts';

/**
 * Scores in input order from `(index, score)` pairs. Providers answer in [0, 1] (Cohere, Jina, Workers AI's bge
 * reranker) or with raw logits (some self-hosted servers): when any score lies outside [0, 1] every score goes
 * through the logistic function, so both read as a probability and the order is kept. Documents no pair names get
 * 0. A pair naming no document, a repeated index or a non-finite score makes the whole answer invalid: half a
 * ranking would reorder recall on noise.
 */
export function scoresFromPairs(
  pairs: readonly { index: unknown; score: unknown }[],
  count: number,
  where: string,
): number[] {
  const scores = new Array<number>(count).fill(0);
  const seen = new Set<number>();
  for (const pair of pairs) {
    const { index, score } = pair;
    if (
      typeof index !== 'number' ||
      !Number.isInteger(index) ||
      index < 0 ||
      index >= count ||
      seen.has(index)
    )
      throw new RerankError('rerank_invalid', `${where}: a result names no document of the request`);
    if (typeof score !== 'number' || !Number.isFinite(score))
      throw new RerankError('rerank_invalid', `${where}: a result has no finite score`);
    seen.add(index);
    scores[index] = score;
  }
  const raw = [...seen].some((i) => scores[i]! < 0 || scores[i]! > 1);
  return raw ? scores.map((s, i) => (seen.has(i) ? 1 / (1 + Math.exp(-s)) : 0)) : scores;
}

/** The array under `key` of a JSON object, or an invalid-answer error. */
export function arrayField(body: unknown, key: string, where: string): Record<string, unknown>[] {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'object' && v !== null))
    throw new RerankError('rerank_invalid', `${where}: the answer has no ${key} list`);
  return value as Record<string, unknown>[];
}
