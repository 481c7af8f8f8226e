// durableFirst: durable memories go before chat turns that only one lane found; strong turns keep their place.
import { describe, expect, it } from 'vitest';
import { durableFirst } from '../../src/recall/index.ts';
import type { Lane } from '../../src/recall/types.ts';

/** `lanes` found it at rank `rank` (1 by default: strong evidence in each lane that found it). */
const entry = (id: string, kind: string, lanes: Lane[], rank = 1) => ({
  id,
  candidate: { kind },
  lanes,
  vector_rank: lanes.includes('vector') ? rank : null,
  lexical_rank: lanes.includes('lexical') ? rank : null,
});
const ids = (list: readonly { id: string }[]) => list.map((e) => e.id);
const both: Lane[] = ['vector', 'lexical'];

describe('durableFirst', () => {
  it('moves weak episodes ranked above the last durable memory to just after it', () => {
    const ranked = [
      entry('e1', 'episode', ['vector']),
      entry('e2', 'episode', both),
      entry('p1', 'preference', ['vector']),
      entry('e3', 'episode', ['lexical']),
      entry('e5', 'episode', both, 4),
      entry('c1', 'constraint', ['vector']),
      entry('e4', 'episode', ['vector']),
    ];
    // Found by both lanes but not near the top of both (e5): weak too.
    expect(ids(durableFirst(ranked, both))).toEqual(['e2', 'p1', 'c1', 'e1', 'e3', 'e5', 'e4']);
  });

  it('changes nothing without durable memories, or when a single lane ran', () => {
    const chat = [entry('e1', 'episode', ['vector']), entry('e2', 'episode', both)];
    expect(ids(durableFirst(chat, both))).toEqual(['e1', 'e2']);
    const mixed = [entry('e1', 'episode', ['lexical']), entry('f1', 'fact', ['lexical'])];
    expect(ids(durableFirst(mixed, ['lexical']))).toEqual(['e1', 'f1']);
  });
});
