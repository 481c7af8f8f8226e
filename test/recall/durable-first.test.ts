// durableFirst: durable memories go before chat turns that only one lane found; strong turns keep their place.
import { describe, expect, it } from 'vitest';
import { durableFirst } from '../../src/recall/index.ts';
import type { Lane } from '../../src/recall/types.ts';

const entry = (id: string, kind: string, lanes: Lane[]) => ({ id, candidate: { kind }, lanes });
const ids = (list: readonly { id: string }[]) => list.map((e) => e.id);
const both: Lane[] = ['vector', 'lexical'];

describe('durableFirst', () => {
  it('moves weak episodes ranked above the last durable memory to just after it', () => {
    const ranked = [
      entry('e1', 'episode', ['vector']),
      entry('e2', 'episode', both),
      entry('p1', 'preference', ['vector']),
      entry('e3', 'episode', ['lexical']),
      entry('c1', 'constraint', ['vector']),
      entry('e4', 'episode', ['vector']),
    ];
    expect(ids(durableFirst(ranked, both))).toEqual(['e2', 'p1', 'c1', 'e1', 'e3', 'e4']);
  });

  it('changes nothing without durable memories, or when a single lane ran', () => {
    const chat = [entry('e1', 'episode', ['vector']), entry('e2', 'episode', both)];
    expect(ids(durableFirst(chat, both))).toEqual(['e1', 'e2']);
    const mixed = [entry('e1', 'episode', ['lexical']), entry('f1', 'fact', ['lexical'])];
    expect(ids(durableFirst(mixed, ['lexical']))).toEqual(['e1', 'f1']);
  });
});
