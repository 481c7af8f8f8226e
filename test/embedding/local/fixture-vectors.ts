// Small deterministic word-vector sets for tests: a synthetic wink-format JSON and float tables.
import type { FloatVectors } from '../../../src/embedding/local/build-word-table.ts';

/** A seeded generator so fixtures are identical on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** Frequency-ordered fixture vocabulary: stop words first, like a real corpus. */
export const FIXTURE_WORDS = [
  'the',
  'is',
  'my',
  'vectors',
  'apple',
  'banana',
  'car',
  'truck',
  'e-mail',
  'cafe',
  '"',
  'zürich',
  ...Array.from({ length: 288 }, (_, i) => `word${i}`),
];

/** Random vectors (row-major) for the fixture words. */
export function fixtureVectors(dimensions: number, seed = 7): FloatVectors {
  const random = seededRandom(seed);
  const vectors = new Float32Array(FIXTURE_WORDS.length * dimensions);
  for (let i = 0; i < vectors.length; i++) vectors[i] = Math.round((random() * 2 - 1) * 1e5) / 1e5;
  return { words: [...FIXTURE_WORDS], vectors, dimensions, sourceVocabularySize: FIXTURE_WORDS.length };
}

/** The fixture in the wink JSON layout, entries shuffled so nothing depends on their order. */
export function fixtureJson(dimensions: number, seed = 7): string {
  const { words, vectors } = fixtureVectors(dimensions, seed);
  const random = seededRandom(seed + 1);
  const order = words.map((_, i) => i).sort(() => random() - 0.5);
  const entries = order.map((row) => {
    const values = Array.from(vectors.subarray(row * dimensions, (row + 1) * dimensions), (v) =>
      Number(v.toFixed(5)),
    );
    const norm = Math.hypot(...values);
    return `${JSON.stringify(words[row])}:[${[...values, norm, row].join(',')}]`;
  });
  return (
    `{"precision":5,"l2NormIndex":${dimensions},"wordIndex":${dimensions + 1},"size":${words.length},` +
    `"dimensions":${dimensions},"words":${JSON.stringify(words)},"vectors":{${entries.join(',')}},` +
    `"unkVector":[${new Array(dimensions).fill(0).join(',')},0,-1]}`
  );
}
