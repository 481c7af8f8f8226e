// Embedding one claimed batch: the texts sent, the vectors checked, failures turned into categories.
import { describe, expect, it } from 'vitest';
import type { EmbeddingTask } from '../../src/ports/store.ts';
import { embedTasks } from '../../src/services/embed-batch.ts';
import { createRecordingEmbedder } from '../support/fake-embedder.ts';

const tasks: EmbeddingTask[] = [
  { id: 'm1', kind: 'fact', content: 'Likes tea', tags: ['drinks'], trigger: null },
  { id: 'm2', kind: 'rule', content: 'answer in French', tags: [], trigger: 'when Alice writes' },
];

describe('embedTasks', () => {
  it('embeds each memory as its embedding text and pairs the vectors with the ids', async () => {
    const embedder = createRecordingEmbedder(4);
    const outcome = await embedTasks(embedder, tasks, Number.POSITIVE_INFINITY);
    expect(embedder.embedded).toEqual(['Likes tea\ndrinks', 'when Alice writes -> answer in French']);
    expect(outcome).toEqual({
      ok: true,
      vectors: [
        { memoryId: 'm1', vector: embedder.vectorOf('Likes tea\ndrinks') },
        { memoryId: 'm2', vector: embedder.vectorOf('when Alice writes -> answer in French') },
      ],
    });
  });

  it('reports the failure category of the embedder', async () => {
    const embedder = createRecordingEmbedder(4);
    embedder.setFault({ failWith: 'error' });
    expect(await embedTasks(embedder, tasks, Number.POSITIVE_INFINITY)).toEqual({
      ok: false,
      category: 'embedding_error',
    });
  });

  it('counts vectors of the wrong size or number as invalid', async () => {
    const embedder = createRecordingEmbedder(4);
    const short = { ...embedder, embedDocuments: async () => [[1, 0, 0, 0]] };
    expect(await embedTasks(short, tasks, Number.POSITIVE_INFINITY)).toEqual({
      ok: false,
      category: 'embedding_invalid',
    });
    const narrow = {
      ...embedder,
      embedDocuments: async () => [
        [1, 0],
        [0, 1],
      ],
    };
    expect(await embedTasks(narrow, tasks, Number.POSITIVE_INFINITY)).toMatchObject({ ok: false });
  });

  it('gives up at the deadline', async () => {
    const embedder = createRecordingEmbedder(4);
    embedder.setFault({ delayMs: 1000 });
    const started = performance.now();
    expect(await embedTasks(embedder, tasks, 20)).toEqual({ ok: false, category: 'embedding_timeout' });
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('turns anything else the embedder throws into an embedding error', async () => {
    const embedder = createRecordingEmbedder(4);
    const broken = {
      ...embedder,
      embedDocuments: async () => {
        throw new TypeError('bug');
      },
    };
    expect(await embedTasks(broken, tasks, Number.POSITIVE_INFINITY)).toEqual({
      ok: false,
      category: 'embedding_error',
    });
  });
});
