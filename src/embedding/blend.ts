// Two embedders as one: each text's vector is the concatenation of its unit vectors from both, scaled by the
// square roots of their weights, so that the cosine of two blended vectors is exactly the weighted mean of the
// two models' cosines (w1 cos1 + w2 cos2, with w1 + w2 = 1). Models that err differently make a better judge
// together: on the dev sets the word-vector model finds LoCoMo's named details and the sentence model finds
// paraphrases, and their blend beats both on both (docs/benchmarks/sentence-model.md).
import { type Embedder, EmbeddingError, type EmbedOptions } from '../ports/embedder.ts';

export interface BlendPart {
  embedder: Embedder;
  /** Share of the blended cosine, > 0; the parts' weights are normalised to sum to 1. */
  weight: number;
}

export interface BlendOptions {
  /** The blend's vector-space id (stored with every vector): change it whenever a part or a weight changes. */
  model: string;
  version: string;
}

/** The blend of `parts`, in their order. @throws RangeError on fewer than two parts or a weight that is not > 0. */
export function blendEmbedders(parts: readonly BlendPart[], options: BlendOptions): Embedder {
  if (parts.length < 2) throw new RangeError('a blend needs at least two embedders');
  for (const p of parts)
    if (!(Number.isFinite(p.weight) && p.weight > 0)) throw new RangeError('blend weights must be > 0');
  const total = parts.reduce((s, p) => s + p.weight, 0);
  const scales = parts.map((p) => Math.sqrt(p.weight / total));
  const dimensions = parts.reduce((s, p) => s + p.embedder.dimensions, 0);

  const concat = (perPart: readonly (readonly number[])[]): number[] => {
    const out: number[] = [];
    for (const [i, vector] of perPart.entries()) {
      let squares = 0;
      for (const v of vector) squares += v * v;
      const length = Math.sqrt(squares);
      if (!(length > 1e-9) || vector.length !== parts[i]!.embedder.dimensions)
        throw new EmbeddingError('embedding_invalid', 'a blended model returned an invalid vector');
      const factor = scales[i]! / length;
      for (const v of vector) out.push(v * factor);
    }
    return out;
  };

  const languages = parts.every((p) => p.embedder.languages)
    ? [...new Set(parts.flatMap((p) => p.embedder.languages!))]
    : undefined;
  return {
    model: options.model,
    provider: parts[0]!.embedder.provider,
    dimensions,
    version: options.version,
    ...(languages ? { languages } : {}),
    ...(parts.some((p) => p.embedder.inProcess) ? { inProcess: true } : {}),
    // A text one part cannot place still has the other's evidence; none can: the vector lane has none.
    knows: (text) => parts.some((p) => p.embedder.knows?.(text) ?? true),
    async embedDocuments(texts: readonly string[], embedOptions?: EmbedOptions): Promise<number[][]> {
      const perPart = await Promise.all(parts.map((p) => p.embedder.embedDocuments(texts, embedOptions)));
      return texts.map((_, t) => concat(perPart.map((vectors) => vectors[t]!)));
    },
    async embedQuery(text: string, embedOptions?: EmbedOptions): Promise<number[]> {
      const perPart = await Promise.all(parts.map((p) => p.embedder.embedQuery(text, embedOptions)));
      return concat(perPart);
    },
  };
}
