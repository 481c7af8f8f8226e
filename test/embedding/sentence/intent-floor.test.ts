// The local blend's query-level floor (BLEND_MODEL_DEFAULTS.floor.intent) with the real model: the stored cut keeps
// exactly the example questions the calibrated cut keeps (chooseIntentFloor: 97% of the memory-seeking ones, each
// judged against the others), and questions that are not among the examples fall on the side they should.
import { beforeAll, describe, expect, it } from 'vitest';
import { BLEND_MODEL_DEFAULTS, createBlendEmbedder } from '../../../src/embedding/sentence/index.ts';
import type { Embedder } from '../../../src/ports/embedder.ts';
import {
  chooseIntentFloor,
  type IntentExemplars,
  leaveOneOutMargins,
  queryIntentMargin,
} from '../../../src/recall/query-intent.ts';
import { embedIntentExemplars } from '../../../src/services/intent-exemplars.ts';

describe('the local blend query-level floor', () => {
  let embedder: Embedder;
  let exemplars: IntentExemplars;
  const stored = BLEND_MODEL_DEFAULTS.floor!.intent!;

  beforeAll(async () => {
    embedder = await createBlendEmbedder({ onProgress: () => {} });
    exemplars = await embedIntentExemplars(embedder);
  }, 300_000);

  it('keeps the same example questions as the calibrated cut', () => {
    const chosen = chooseIntentFloor(exemplars);
    const margins = leaveOneOutMargins(exemplars);
    // A model or example change that moves the cut past an example must update the constant.
    expect(margins.memory.filter((m) => m >= stored).length).toBe(
      margins.memory.filter((m) => m >= chosen.floor).length,
    );
    expect(margins.general.filter((m) => m < stored).length).toBe(
      margins.general.filter((m) => m < chosen.floor).length,
    );
    expect(chosen.keptMemory).toBeGreaterThanOrEqual(0.97);
  });

  it('refuses general questions and keeps questions about the person, none of them examples', async () => {
    const margin = async (q: string) => queryIntentMargin(q, await embedder.embedQuery(q), exemplars);
    for (const q of ['How many moons does Jupiter have?', 'Write a short poem about snow.', 'Good evening!'])
      expect(await margin(q), q).toBeLessThan(stored);
    for (const q of ["What is my sister's favourite flower?", 'What should I make for dinner tonight?'])
      expect(await margin(q), q).toBeGreaterThanOrEqual(stored);
  });
});
