import { describe, expect, it } from 'vitest';
import { matchRules, ruleAction, triggerPattern } from '../../src/recall/rules.ts';
import { cand } from './fixtures.ts';

const rule = (id: string, trigger: string, confidence = 0.95, trust = 2) =>
  cand(id, { kind: 'rule', trigger, confidence, trust, content: `do ${id}` });

describe('ruleAction', () => {
  it.each([
    [1, 'apply'],
    [0.9, 'apply'],
    [0.89, 'confirm'],
    [0.7, 'confirm'],
    [0.69, 'ask'],
    [0, 'ask'],
    [Number.NaN, 'ask'],
  ] as const)('confidence %s -> %s', (confidence, action) => {
    expect(ruleAction(confidence, 2)).toBe(action);
  });

  it('never lets an untrusted (trust 0) rule go past ask', () => {
    expect(ruleAction(0.99, 0)).toBe('ask');
    expect(ruleAction(0.99, 1)).toBe('apply');
  });
});

describe('matchRules', () => {
  it('fires on whole words, case-insensitively', () => {
    const rules = [rule('tea', 'tea')];
    expect(matchRules(rules, 'Steam the rice')).toEqual([]);
    expect(matchRules(rules, 'where is the teapot')).toEqual([]);
    expect(matchRules(rules, 'I would like TEA, please')).toEqual([
      { id: 'tea', trigger: 'tea', content: 'do tea', confidence: 0.95, action: 'apply' },
    ]);
    expect(matchRules(rules, 'tea.')).toHaveLength(1);
    expect(matchRules([rule('cat', 'cat')], 'a bobcat')).toEqual([]);
    expect(matchRules([rule('cat', 'cat')], 'the cat_food')).toEqual([]);
  });

  it('matches multi-word triggers across any whitespace, and non-ASCII words', () => {
    expect(matchRules([rule('cr', 'Code  Review')], 'start a code review now')).toHaveLength(1);
    expect(matchRules([rule('cafe', 'café')], 'meet at the CAFÉ')).toHaveLength(1);
    expect(matchRules([rule('cafe', 'café')], 'two cafés')).toHaveLength(0);
    expect(matchRules([rule('apos', 'don’t deploy')], "don't deploy on friday")).toHaveLength(1);
  });

  it('treats trigger text literally, not as a pattern', () => {
    expect(matchRules([rule('cpp', 'c++')], 'I write c++ daily')).toHaveLength(1);
    expect(matchRules([rule('dot', 'a.b')], 'axb')).toHaveLength(0);
    expect(triggerPattern('   ')).toBeNull();
  });

  it('sets the action by confidence and orders apply, confirm, ask, then confidence, then id', () => {
    const rules = [
      rule('ask', 'deploy', 0.5),
      rule('confirm', 'deploy', 0.8),
      rule('apply-b', 'deploy', 0.95),
      rule('apply-a', 'deploy', 0.95),
      rule('apply-top', 'deploy', 0.99),
      rule('no-match', 'rollback', 0.99),
    ];
    const hits = matchRules(rules, 'please deploy the app');
    expect(hits.map((h) => [h.id, h.action])).toEqual([
      ['apply-top', 'apply'],
      ['apply-a', 'apply'],
      ['apply-b', 'apply'],
      ['confirm', 'confirm'],
      ['ask', 'ask'],
    ]);
  });

  it('ignores memories that are not rules, rules without trigger and repeated ids', () => {
    const rules = [
      cand('fact', { kind: 'fact', trigger: 'deploy' }),
      cand('no-trigger', { kind: 'rule' }),
      rule('r', 'deploy'),
      rule('r', 'deploy'),
    ];
    expect(matchRules(rules, 'deploy').map((h) => h.id)).toEqual(['r']);
  });
});
