// The scorer: the matching rule and the precision/recall tallies, on hand-made runs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Proposal } from '../../src/core/proposal-schemas.ts';
import {
  chatTurns,
  contentMatches,
  type Label,
  LabelledSetSchema,
  matchTokens,
  precision,
  proposalMatches,
  recall,
  scoreRun,
} from '../../src/extract/score.ts';

const proposal = (over: Partial<Proposal> & { turn?: number } = {}): Proposal => {
  const { turn = 0, ...rest } = over;
  return {
    kind: 'preference',
    content: 'Does not eat cilantro',
    facet: 'cilantro',
    polarity: 'avoid',
    tags: [],
    confidence: 0.8,
    provenance: { session: 'c', turns: [{ index: turn }], extractor: 'test' },
    ...rest,
  };
};
const label = (over: Partial<Label> = {}): Label => ({
  kind: 'preference',
  content: 'Does not eat cilantro',
  essence: ['cilantro'],
  facet: 'cilantro',
  polarity: 'avoid',
  explicit: true,
  ...over,
});

describe('matching', () => {
  it('normalises negation, contractions, ordinals, plurals and CJK', () => {
    expect(matchTokens("Doesn't eat onions")).toEqual(['do', 'not', 'eat', 'onion']);
    expect(matchTokens('Never flies on the 14th')).toEqual(['not', 'fly', 'on', 'the', '14']);
    expect(matchTokens('不吃香菜')).toEqual(['不', '吃', '香', '菜']);
    // A word of letters never swallows the CJK characters after it.
    expect(matchTokens('是UI设计师')).toEqual(['是', 'ui', '设', '计', '师']);
    expect(contentMatches('是UI设计师', ['设计师'])).toBe(true);
    expect(contentMatches('Birthday is on March 14th', ['march', '14'])).toBe(true);
    expect(contentMatches('对花生过敏', ['花生', '过敏'])).toBe(true);
    expect(contentMatches('花生', ['花生', '过敏'])).toBe(false);
    expect(contentMatches('Wedding on 8 June', ['june 8|8 june'])).toBe(true);
    expect(contentMatches('Is allergic to peanut butter', ['peanuts'])).toBe(true);
    expect(contentMatches('Likes bread', ['bre'])).toBe(false);
  });

  it('needs the same kind, slot, stance and essence', () => {
    expect(proposalMatches(label(), proposal())).toBe(true);
    expect(proposalMatches(label(), proposal({ facet: 'the Cilantro' }))).toBe(true);
    expect(proposalMatches(label(), proposal({ kind: 'constraint' }))).toBe(false);
    expect(proposalMatches(label(), proposal({ polarity: 'prefer' }))).toBe(false);
    expect(proposalMatches(label(), proposal({ facet: 'coriander' }))).toBe(false);
    expect(proposalMatches(label(), proposal({ content: 'Does not eat coriander' }))).toBe(false);
    expect(proposalMatches(label({ facet: ['coriander', 'cilantro'] }), proposal())).toBe(true);
    // An extra key or facet would make consolidation or the conflict filter act: a mismatch.
    expect(proposalMatches(label(), proposal({ key: 'diet' }))).toBe(false);
    const fact = label({
      kind: 'fact',
      facet: undefined,
      polarity: undefined,
      essence: ['munich'],
      key: 'residence',
    });
    const lives = proposal({ kind: 'fact', content: 'Lives in Munich', key: 'residence' });
    expect(proposalMatches(fact, { ...lives, facet: undefined, polarity: undefined })).toBe(true);
    expect(proposalMatches(fact, lives)).toBe(false);
    expect(
      proposalMatches(
        { ...fact, key: 'Allergy:Peanuts' },
        { ...lives, key: 'allergy:peanut', facet: undefined, polarity: undefined },
      ),
    ).toBe(true);
  });

  it('matches a rule on its trigger too', () => {
    const rule = label({
      kind: 'rule',
      facet: undefined,
      polarity: undefined,
      trigger: 'tldr',
      essence: ['summary'],
    });
    const base = proposal({
      kind: 'rule',
      content: 'Give a one-line summary',
      facet: undefined,
      polarity: undefined,
    });
    expect(proposalMatches(rule, { ...base, trigger: 'TLDR' })).toBe(true);
    expect(proposalMatches(rule, { ...base, trigger: 'summary' })).toBe(false);
    expect(proposalMatches(rule, base)).toBe(false);
  });
});

describe('scoreRun', () => {
  const chats = LabelledSetSchema.parse({
    chats: [
      {
        id: 'a',
        language: 'en',
        turns: [
          { role: 'user', text: 'I hate cilantro', expect: [label()] },
          { role: 'assistant', text: 'Noted' },
          {
            role: 'user',
            text: 'Also shellfish',
            expect: [label({ facet: 'shellfish', essence: ['shellfish'], explicit: false })],
          },
          { role: 'user', text: 'thanks', expect: [] },
        ],
      },
      {
        id: 'b',
        language: 'zh',
        turns: [
          {
            role: 'user',
            text: '我不吃香菜',
            expect: [label({ facet: '香菜', essence: ['香菜'], content: '不吃香菜' })],
          },
        ],
      },
    ],
  }).chats;

  it('counts matches once, false alarms anywhere, and implicit labels apart', () => {
    const score = scoreRun(chats, [
      [
        proposal(),
        proposal(),
        proposal({ turn: 1, content: 'Says noted', facet: undefined, polarity: undefined }),
        proposal({ turn: 2, facet: 'shellfish', content: 'Avoids shellfish' }),
      ],
      [],
    ]);
    expect(score.overall).toEqual({
      proposals: 4,
      correct: 2,
      labels: 2,
      found: 1,
      implicitLabels: 1,
      implicitFound: 1,
    });
    expect(score.byLanguage.en).toMatchObject({ proposals: 4, correct: 2, labels: 1, found: 1 });
    expect(score.byLanguage.zh).toMatchObject({ proposals: 0, labels: 1, found: 0 });
    expect(precision(score.overall)).toBe(0.5);
    expect(recall(score.overall)).toBe(0.5);
    expect(score.misses.map((m) => m.chat)).toEqual(['b']);
    expect(score.falseAlarms.map((f) => f.turn)).toEqual([0, 1]);
  });

  it('needs the proposal to cite the labelled turn', () => {
    const score = scoreRun(chats, [[proposal({ turn: 3 })], []]);
    expect(score.overall.found).toBe(0);
    expect(score.overall.correct).toBe(0);
  });

  it('gives every turn an index and an id', () => {
    expect(chatTurns(chats[0]!)[2]).toEqual({ index: 2, role: 'user', text: 'Also shellfish', id: 'a#2' });
  });
});

describe('the committed dev set', () => {
  it('parses and keeps the promised shape', () => {
    const set = LabelledSetSchema.parse(
      JSON.parse(readFileSync(new URL('../fixtures/extract/dev-chats.json', import.meta.url), 'utf8')),
    );
    const users = set.chats.flatMap((c) => c.turns.filter((t) => t.role === 'user').map((t) => ({ c, t })));
    expect(users.length).toBeGreaterThanOrEqual(150);
    expect(users.filter(({ c }) => c.language === 'zh').length).toBeGreaterThanOrEqual(40);
    const empty = users.filter(({ t }) => t.role === 'user' && t.expect.length === 0).length;
    expect(empty / users.length).toBeGreaterThanOrEqual(0.5);
  });
});
