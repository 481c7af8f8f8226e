import { describe, expect, it } from 'vitest';
import {
  firstHit,
  isEmptyAnswer,
  outcomeOf,
  type ScoredQuestion,
  scoreAnswerable,
  scoreNoAnswer,
  sharedScriptOf,
  summarizeSuite,
  VIEWS,
  type View,
} from '../../../src/eval/suite/metrics.ts';

describe('firstHit', () => {
  it('is the 1-based rank of the first answer returned, or null', () => {
    expect(firstHit(['chat:D1:2', 'm2', 'm1'], ['m1', 'm2'])).toBe(2);
    expect(firstHit(['m1'], ['m1'])).toBe(1);
    expect(firstHit(['chat:D1:2'], ['m1'])).toBeNull();
    expect(firstHit([], ['m1'])).toBeNull();
  });
});

describe('isEmptyAnswer', () => {
  const always = new Set(['style']);
  it('allows nothing, or only memories that apply to any answer', () => {
    expect(isEmptyAnswer([], always)).toBe(true);
    expect(isEmptyAnswer(['style'], always)).toBe(true);
    expect(isEmptyAnswer(['style', 'chat:D1:1'], always)).toBe(false);
    expect(isEmptyAnswer(['m1'], always)).toBe(false);
  });
});

describe('scoreAnswerable', () => {
  it('averages hits at 1, 3 and 10 and reciprocal ranks (a miss counts 0)', () => {
    const s = scoreAnswerable([1, 2, 4, null]);
    expect(s).toEqual({ questions: 4, hit1: 0.25, hit3: 0.5, hit10: 0.75, mrr: (1 + 1 / 2 + 1 / 4) / 4 });
    expect(scoreAnswerable([])).toEqual({ questions: 0, hit1: 0, hit3: 0, hit10: 0, mrr: 0 });
  });
});

describe('outcomeOf and scoreNoAnswer', () => {
  const labels = { appliesAlways: new Set(['style']), written: new Set(['m1', 'style']) };
  it('dedupes, ranks and tells apart a chat turn from a written memory', () => {
    const o = outcomeOf(['chat:D1:1', 'chat:D1:1', 'm1'], ['m1'], labels);
    expect(o).toEqual({ returned: ['chat:D1:1', 'm1'], rank: 2, empty: false, noWrittenMemory: false });
    const chatOnly = outcomeOf(['chat:D1:1', 'style'], [], labels);
    expect(chatOnly.empty).toBe(false);
    expect(chatOnly.noWrittenMemory).toBe(true);
    expect(outcomeOf(['style'], [], labels)).toMatchObject({ empty: true, noWrittenMemory: true });
  });

  it('shares of empty answers and of answers without a written memory', () => {
    const outcomes = [
      { empty: true, noWrittenMemory: true },
      { empty: false, noWrittenMemory: true },
      { empty: false, noWrittenMemory: false },
      { empty: false, noWrittenMemory: false },
    ];
    expect(scoreNoAnswer(outcomes)).toEqual({ questions: 4, empty: 0.25, noWrittenMemory: 0.5 });
  });
});

describe('summarizeSuite', () => {
  const labels = { appliesAlways: new Set<string>(), written: new Set(['a', 'b']) };
  const question = (
    answers: string[],
    returned: Partial<Record<View, string[]>>,
    facts: Omit<ScoredQuestion, 'views' | 'answerable'>,
  ): ScoredQuestion => ({
    answerable: answers.length > 0,
    ...facts,
    views: Object.fromEntries(VIEWS.map((v) => [v, outcomeOf(returned[v] ?? [], answers, labels)])) as Record<
      View,
      ReturnType<typeof outcomeOf>
    >,
  });

  it('scores each view apart, and breaks answerable questions down by domain and no-answer ones by shape', () => {
    const s = summarizeSuite([
      question(['a'], { default: ['a'], ranking: ['a'] }, { domain: 'diet', shape: 'task' }),
      question(
        ['b'],
        { default: ['x', 'y', 'b'], ranking: ['x', 'y', 'b'] },
        { domain: 'diet', shape: 'direct' },
      ),
      question(['b'], { ranking: ['x', 'y', 'z', 'w', 'b'] }, { domain: 'home', shape: 'direct' }),
      question([], {}, { shape: 'chit-chat' }),
      question([], { default: ['chat:D1:1'] }, { shape: 'general' }),
    ]);
    expect(s.views.default.answerable).toEqual({
      questions: 3,
      hit1: 1 / 3,
      hit3: 2 / 3,
      hit10: 2 / 3,
      mrr: (1 + 1 / 3) / 3,
    });
    expect(s.views.ranking.answerable.mrr).toBeCloseTo((1 + 1 / 3 + 1 / 5) / 3, 12);
    expect(s.views.limit1.answerable.hit1).toBe(0);
    expect(s.views.default.noAnswer).toEqual({ questions: 2, empty: 0.5, noWrittenMemory: 1 });
    expect(s.views.limit1.noAnswer.empty).toBe(1);
    expect(Object.keys(s.byDomain)).toEqual(['diet', 'home']);
    expect(s.byDomain.diet!.default.hit3).toBe(1);
    expect(s.byDomain.home!.default.hit3).toBe(0);
    expect(s.byShape.general!.default.empty).toBe(0);
    expect(s.byShape['chit-chat']!.default.empty).toBe(1);
    expect(s.bySharedScript).toEqual({});
  });

  it('groups by the script of the shared word when questions declare one', () => {
    expect(sharedScriptOf(['花生'])).toBe('cjk');
    expect(sharedScriptOf(['iPhone', '电池'])).toBe('latin');
    expect(sharedScriptOf(undefined)).toBeUndefined();
    const s = summarizeSuite([
      question(['a'], { default: ['a'] }, { shape: 'shared-word', sharedScript: 'latin' }),
      question(['b'], { default: [] }, { shape: 'shared-word', sharedScript: 'cjk' }),
    ]);
    expect(s.bySharedScript.latin!.default.hit3).toBe(1);
    expect(s.bySharedScript.cjk!.default.hit3).toBe(0);
  });
});
