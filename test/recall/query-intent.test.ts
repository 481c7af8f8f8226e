// The memory-seeking margin and its calibration, on vectors whose geometry is known.
import { describe, expect, it } from 'vitest';
import {
  chooseIntentFloor,
  leaveOneOutMargins,
  memorySeekingMargin,
  PERSONAL_REFERENCE_WEIGHT,
  queryIntentMargin,
  refersToThePerson,
} from '../../src/recall/query-intent.ts';

// Memory-seeking examples around the x axis, general ones around the y axis.
const exemplars = {
  memory: [
    [1, 0.1],
    [1, -0.1],
    [1, 0.3],
    [0.9, 0.5],
  ],
  general: [
    [0.1, 1],
    [-0.1, 1],
    [0.3, 1],
  ],
};

describe('memorySeekingMargin', () => {
  it('is positive near the memory-seeking examples and negative near the general ones', () => {
    expect(memorySeekingMargin([1, 0], exemplars, 2)).toBeGreaterThan(0.5);
    expect(memorySeekingMargin([0, 1], exemplars, 2)).toBeLessThan(-0.5);
  });

  it('reads cosines, whatever the vectors length', () => {
    expect(memorySeekingMargin([5, 0], exemplars, 2)).toBeCloseTo(
      memorySeekingMargin([1, 0], exemplars, 2),
      12,
    );
  });

  it('averages the k nearest of each class', () => {
    // k 1: the nearest of each; k 99: all of them.
    const cos = (a: number[], b: number[]) =>
      (a[0]! * b[0]! + a[1]! * b[1]!) / Math.hypot(a[0]!, a[1]!) / Math.hypot(b[0]!, b[1]!);
    const q = [1, 1];
    const mem = exemplars.memory.map((v) => cos(q, v));
    const gen = exemplars.general.map((v) => cos(q, v));
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(memorySeekingMargin(q, exemplars, 1)).toBeCloseTo(Math.max(...mem) - Math.max(...gen), 12);
    expect(memorySeekingMargin(q, exemplars, 99)).toBeCloseTo(mean(mem) - mean(gen), 12);
  });

  it('refuses a class with no example', () => {
    expect(() => memorySeekingMargin([1, 0], { memory: exemplars.memory, general: [] })).toThrow(RangeError);
  });
});

describe('chooseIntentFloor', () => {
  it('judges each example against the others', () => {
    const margins = leaveOneOutMargins(exemplars, 1);
    // [0.9, 0.5] left out: its nearest memory example is [1, 0.3].
    const cos = (a: number[], b: number[]) =>
      (a[0]! * b[0]! + a[1]! * b[1]!) / Math.hypot(a[0]!, a[1]!) / Math.hypot(b[0]!, b[1]!);
    expect(margins.memory[3]).toBeCloseTo(cos([0.9, 0.5], [1, 0.3]) - cos([0.9, 0.5], [0.3, 1]), 12);
  });

  it('keeps the asked share of the memory-seeking examples and reports the general ones it refuses', () => {
    const all = chooseIntentFloor(exemplars, 1, 1);
    expect(all.keptMemory).toBe(1);
    expect(all.refusedGeneral).toBe(1);
    expect(all.floor).toBe(Math.min(...leaveOneOutMargins(exemplars, 1).memory));
    expect(chooseIntentFloor(exemplars, 0.75, 1).keptMemory).toBe(0.75);
    expect(() => chooseIntentFloor(exemplars, 0)).toThrow(RangeError);
  });
});

describe('the personal reference', () => {
  it('is a first- or second-person word, whatever its case, as a whole word', () => {
    for (const q of [
      "What's my usual coffee order?",
      'Where did I park?',
      'Remind us of the plan',
      'What do YOU know?',
    ])
      expect(refersToThePerson(q), q).toBe(true);
    for (const q of [
      'How many moons does Jupiter have?',
      'What is the population of the US?',
      'Explain myopia and dimples',
      'mynah birds and yourselfish',
    ])
      expect(refersToThePerson(q), q).toBe(false);
  });

  it("adds its weight to a query's margin and nothing otherwise", () => {
    const plain = memorySeekingMargin([1, 0.2], exemplars, 2);
    expect(queryIntentMargin('What is my daughter called?', [1, 0.2], exemplars, 2)).toBeCloseTo(
      plain + PERSONAL_REFERENCE_WEIGHT,
      12,
    );
    expect(queryIntentMargin('What is the capital of Peru?', [1, 0.2], exemplars, 2)).toBe(plain);
  });

  it("counts in an example's margin when the examples' texts are known", () => {
    const texts = {
      memory: ['Where is my car?', 'What did Ana say?', 'Is it my turn?', 'When do we leave?'],
      general: ['What is pi?', 'Tell me a joke', 'Why is the sky blue?'],
    };
    const bare = leaveOneOutMargins(exemplars, 1);
    const read = leaveOneOutMargins({ ...exemplars, texts }, 1);
    const bonus = (list: string[]) => list.map((t) => (refersToThePerson(t) ? PERSONAL_REFERENCE_WEIGHT : 0));
    for (const [i, m] of bare.memory.entries())
      expect(read.memory[i]).toBeCloseTo(m + bonus(texts.memory)[i]!, 12);
    for (const [i, m] of bare.general.entries())
      expect(read.general[i]).toBeCloseTo(m + bonus(texts.general)[i]!, 12);
    expect(read.general[1]).toBeCloseTo(bare.general[1]! + PERSONAL_REFERENCE_WEIGHT, 12);
  });
});
