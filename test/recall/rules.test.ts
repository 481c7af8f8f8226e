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
    // Non-ASCII letters are word characters: no boundary inside "cafétéria". (Until issue 14, "two cafés" was
    // the example of this; it is café's plural, and plurals now fire.)
    expect(matchRules([rule('cafe', 'café')], 'the cafétéria')).toHaveLength(0);
    expect(matchRules([rule('cafe', 'café')], 'two cafés')).toHaveLength(1);
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

describe('matchRules beyond whole English words (issue 14)', () => {
  const fires = (trigger: string, query: string, language?: string) =>
    matchRules([cand('r', { kind: 'rule', trigger, confidence: 0.95, language })], query).length === 1;

  it('fires a singular trigger on its plural, in any case', () => {
    expect(fires('soft drink', 'where do soft drinks go?')).toBe(true);
    expect(fires('soft drink', 'Where do Soft Drinks go?')).toBe(true);
    expect(fires('soft drink', 'SOFT DRINK aisle')).toBe(true);
    expect(fires('berry', 'two berries')).toBe(true);
    expect(fires('tomato', 'tomatoes are in season')).toBe(true);
    expect(fires('knife', 'sharpen the knives')).toBe(true);
    expect(fires('child', 'the children are home')).toBe(true);
  });

  it('fires on common verb forms', () => {
    for (const q of ['deploying now', 'we deployed it', 'she deploys on Fridays'])
      expect(fires('deploy', q)).toBe(true);
    for (const q of ['planning the trip', 'we planned it']) expect(fires('plan', q)).toBe(true);
    expect(fires('drink', 'I drank too much coffee')).toBe(true);
    expect(fires('care', 'caring for my mother')).toBe(true);
  });

  it('does not fire on other words that share letters', () => {
    expect(fires('car', 'caring for my mother')).toBe(false);
    expect(fires('car', 'she cares a lot')).toBe(false);
    expect(fires('car', 'I cared')).toBe(false);
    expect(fires('plan', 'a planing machine')).toBe(false);
    expect(fires('tea', 'a golf tee')).toBe(false);
    expect(fires('data', 'a date tonight')).toBe(false);
    expect(fires('tea', 'teapot')).toBe(false);
  });

  it('needs every word of a multi-word trigger, so one word never fires it partially', () => {
    expect(fires('drinking water', 'I drink water')).toBe(false);
    expect(fires('drinking water', 'drinking is fun')).toBe(false);
    expect(fires('drinking water', 'water')).toBe(false);
    expect(fires('drinking water', 'is there drinking water here?')).toBe(true);
    expect(fires('drinking water', 'bottles of drinking waters')).toBe(true);
  });

  it('fires CJK triggers inside text without word boundaries', () => {
    expect(fires('汽水', '我买了两瓶汽水')).toBe(true);
    expect(fires('汽水', '汽水')).toBe(true);
    expect(fires('汽水', '我买了两瓶可乐')).toBe(false);
    expect(fires('コーヒー', '毎朝コーヒーを飲みます')).toBe(true);
    expect(fires('탄산음료', '탄산음료를 샀어요')).toBe(true);
  });

  it('lets a Latin trigger touch CJK text, and a space next to CJK be missing', () => {
    expect(fires('coke', '我买了两瓶coke')).toBe(true);
    expect(fires('coke', '我买了两瓶cokes和水')).toBe(true);
    expect(fires('coke', '我买了两瓶coker')).toBe(false);
    expect(fires('用 Rust', '我们用Rust写')).toBe(true);
    expect(fires('PostgreSQL 数据库', '迁到 PostgreSQL数据库了')).toBe(true);
  });

  it('folds fullwidth and halfwidth forms (NFKC) on both sides', () => {
    expect(fires('soda', 'ＳＯＤＡ please')).toBe(true);
    expect(fires('コーヒー', 'ｺｰﾋｰ')).toBe(true);
  });

  it("adds the rule's own language's plurals, and only that language's", () => {
    expect(fires('Erdnuss', 'keine Erdnüsse bitte', 'de')).toBe(true);
    expect(fires('Erdnuss', 'keine Erdnüsse bitte')).toBe(false);
    expect(fires('flor', 'compré flores', 'es')).toBe(true);
    expect(fires('flor', 'compré flores')).toBe(false);
    expect(fires('limão', 'dois limões')).toBe(true);
    expect(fires('cipolla', 'niente cipolle', 'it')).toBe(true);
    expect(fires('kat', 'twee katten', 'nl-BE')).toBe(true);
    expect(fires('gâteau', 'deux gâteaux')).toBe(true);
    expect(fires('nuez', 'sin nueces')).toBe(true);
  });
});

describe('matchRules: rules reached only through a search lane', () => {
  const reached = (r: ReturnType<typeof rule>) => ({ candidate: r });

  it('come back with an action of at most confirm, never apply', () => {
    const sure = rule('sure', 'soda', 0.99);
    const unsure = rule('unsure', 'soda', 0.5);
    const external = rule('external', 'soda', 0.99, 0);
    const hits = matchRules([sure, unsure, external], '我买了两瓶可乐', [
      reached(sure),
      reached(unsure),
      reached(external),
    ]);
    expect(hits.map((h) => [h.id, h.action])).toEqual([
      ['sure', 'confirm'],
      ['external', 'ask'],
      ['unsure', 'ask'],
    ]);
  });

  it('keep the full action when the trigger fired as well, and are listed once', () => {
    const soda = rule('soda', 'soda', 0.99);
    expect(matchRules([soda], 'two sodas please', [reached(soda)])).toEqual([
      { id: 'soda', trigger: 'soda', content: 'do soda', confidence: 0.99, action: 'apply' },
    ]);
  });

  it('ignore lane entries that are not rules', () => {
    expect(matchRules([], 'x', [{ candidate: cand('fact', { kind: 'fact', trigger: 'x' }) }])).toEqual([]);
  });
});
