import { describe, expect, it } from 'vitest';
import { facetTerms, filterConflicts, stanceTowards, tokenize } from '../../src/recall/conflict.ts';
import type { Candidate } from '../../src/recall/types.ts';
import { cand, entry } from './fixtures.ts';

const stance = (query: string, facet: string) => stanceTowards(tokenize(query), facet);

const avoidCilantro = cand('avoid-cilantro', {
  kind: 'preference',
  facet: 'cilantro',
  polarity: 'avoid',
  content: "I don't eat cilantro",
});
const preferCilantro = cand('prefer-cilantro', {
  kind: 'preference',
  facet: 'cilantro',
  polarity: 'prefer',
  content: 'I love cilantro on everything',
});

function keptIds(candidates: Candidate[], query: string): string[] {
  return filterConflicts(
    candidates.map((c) => entry(c)),
    query,
  ).kept.map((e) => e.candidate.id);
}

describe('filterConflicts', () => {
  it('drops an avoid preference when the user now asks for it', () => {
    const out = filterConflicts(
      [entry(avoidCilantro), entry(cand('other'))],
      'I want cilantro in my salad today',
    );
    expect(out.kept.map((e) => e.candidate.id)).toEqual(['other']);
    expect(out.dropped).toEqual([{ id: 'avoid-cilantro', reason: 'conflict_with_input' }]);
  });

  it('drops a prefer preference when the user now refuses it', () => {
    expect(keptIds([preferCilantro], 'no cilantro please')).toEqual([]);
    expect(keptIds([preferCilantro], "I don't want cilantro")).toEqual([]);
    expect(keptIds([preferCilantro], 'I do NOT want any cilantro tonight')).toEqual([]);
  });

  it('keeps a memory the input agrees with', () => {
    expect(keptIds([avoidCilantro], 'no cilantro please')).toEqual(['avoid-cilantro']);
    expect(keptIds([preferCilantro], 'I want cilantro in my salad today')).toEqual(['prefer-cilantro']);
  });

  it('keeps memories when the input says nothing about their facet', () => {
    expect(keptIds([avoidCilantro, preferCilantro], 'what should I cook tonight?')).toEqual([
      'avoid-cilantro',
      'prefer-cilantro',
    ]);
  });

  it('matches whole words only: a tea preference ignores "steam"', () => {
    const tea = cand('tea', { kind: 'preference', facet: 'tea', polarity: 'prefer' });
    expect(keptIds([tea], "I don't want steam in the bathroom")).toEqual(['tea']);
    expect(keptIds([tea], "I don't want tea")).toEqual([]);
  });

  it('never suppresses a constraint, a memory without facet or polarity, or a neutral one', () => {
    const allergy = cand('allergy', { kind: 'constraint', facet: 'peanut', polarity: 'avoid' });
    const noFacet = cand('no-facet', {
      kind: 'preference',
      polarity: 'avoid',
      content: "I don't eat peanuts",
    });
    const neutral = cand('neutral', { kind: 'preference', facet: 'peanut', polarity: 'neutral' });
    const noPolarity = cand('no-polarity', { kind: 'preference', facet: 'peanut' });
    expect(keptIds([allergy, noFacet, neutral, noPolarity], 'I want peanuts')).toEqual([
      'allergy',
      'no-facet',
      'neutral',
      'no-polarity',
    ]);
  });

  it('reads a namespaced facet by its last segment', () => {
    const c = cand('ns', { kind: 'preference', facet: 'diet.cilantro', polarity: 'avoid' });
    expect(keptIds([c], 'extra cilantro today')).toEqual([]);
  });
});

describe('stanceTowards', () => {
  it.each([
    ['I want cilantro in my salad today', 'prefer'],
    ['I love cilantro', 'prefer'],
    ["I'd like cilantro", 'prefer'],
    ['please add cilantro', 'prefer'],
    ['craving cilantro', 'prefer'],
    ['cilantro please', 'prefer'],
    ['no cilantro please', 'avoid'],
    ["I don't want cilantro", 'avoid'],
    ['I don’t want cilantro', 'avoid'],
    ["I don't like cilantro", 'avoid'],
    ["I don't eat cilantro", 'avoid'],
    ['I never want to see cilantro again', 'avoid'],
    ['without cilantro', 'avoid'],
    ['I hate cilantro', 'avoid'],
    ["I'm allergic to cilantro", 'avoid'],
    ['hold the cilantro', 'avoid'],
    ['make it cilantro-free', 'avoid'],
    ['not a fan of cilantro', 'avoid'],
    ["I'd like parsley instead of cilantro", 'avoid'],
    ['I hate onions but I love cilantro', 'prefer'],
    ['I love tomatoes and cilantro', 'prefer'],
    ['No, cilantro please', 'prefer'],
  ])('%s -> %s', (query, expected) => {
    expect(stance(query, 'cilantro')).toBe(expected);
  });

  it.each([
    'do you like cilantro?',
    'do you want cilantro?',
    'can I get cilantro in my salad?',
    'it tastes like cilantro',
    "I don't mind cilantro",
    "I don't hate cilantro",
    "don't forget the cilantro",
    'I eat cilantro',
    'cilantro is a herb',
    'I used to hate cilantro, now I love cilantro',
    'I want coriander',
  ])('%s -> no stance', (query) => {
    expect(stance(query, 'cilantro')).toBeNull();
  });

  it('scopes cues to their clause', () => {
    expect(stance('I hate onions but I love cilantro', 'onion')).toBe('avoid');
    expect(stance('I love cilantro, no onions', 'onion')).toBe('avoid');
    expect(stance('I love cilantro, no onions', 'cilantro')).toBe('prefer');
    expect(stance("I don't know if I want cilantro", 'cilantro')).toBe('prefer');
  });

  it('matches regular plurals both ways and multi-word facets', () => {
    expect(stance('no onions', 'onion')).toBe('avoid');
    expect(stance('no onion', 'onions')).toBe('avoid');
    expect(stance('I want berries', 'berry')).toBe('prefer');
    expect(stance('I want spicy food', 'spicy_food')).toBe('prefer');
    expect(stance('I want food', 'spicy_food')).toBeNull();
  });
});

describe('facetTerms', () => {
  it('takes the last segment of a namespaced facet and splits it into words', () => {
    expect(facetTerms('diet.cilantro')).toEqual(['cilantro']);
    expect(facetTerms('Food/Spicy_Food')).toEqual(['spicy', 'food']);
    expect(facetTerms('music:jazz.')).toEqual(['jazz']);
    expect(facetTerms('...')).toEqual([]);
  });
});
