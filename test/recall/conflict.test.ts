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

describe('beyond English (issue 14)', () => {
  const avoid = (id: string, facet: string, content: string, language?: string) =>
    cand(id, { kind: 'preference', facet, polarity: 'avoid', content, language });

  it('drops "我不吃香菜" when the user now says "我今天想吃香菜", and keeps it when they agree', () => {
    const memory = avoid('zh-avoid', '香菜', '我不吃香菜', 'zh');
    expect(keptIds([memory], '我今天想吃香菜')).toEqual([]);
    expect(keptIds([memory], '我今天不想吃香菜')).toEqual(['zh-avoid']);
    expect(keptIds([memory], '今天吃什么好呢')).toEqual(['zh-avoid']);
  });

  it('reads a namespaced CJK facet, inside unspaced text', () => {
    const memory = avoid('ns', 'food.香菜', '我不吃香菜');
    expect(keptIds([memory], '我想要香菜，谢谢')).toEqual([]);
  });

  it.each([
    ['我今天想吃香菜', 'prefer'],
    ['我要香菜', 'prefer'],
    ['我想要香菜', 'prefer'],
    ['我喜欢香菜', 'prefer'],
    ['我爱吃香菜', 'prefer'],
    ['多放香菜', 'prefer'],
    ['加点香菜', 'prefer'],
    ['我现在可以吃香菜了', 'prefer'],
    ['香菜多放点', 'prefer'],
    ['香菜很好吃', 'prefer'],
    ['我不吃洋葱，香菜可以', 'prefer'],
    ['我特别喜欢香菜', 'prefer'],
    ['我不吃香菜', 'avoid'],
    ['不要香菜', 'avoid'],
    ['别放香菜', 'avoid'],
    ['别给我放香菜', 'avoid'],
    ['我讨厌香菜', 'avoid'],
    ['我对香菜过敏', 'avoid'],
    ['我不喜欢香菜', 'avoid'],
    ['我不太喜欢香菜', 'avoid'],
    ['我一点也不想吃香菜', 'avoid'],
    ['不用放香菜', 'avoid'],
    ['少放香菜', 'avoid'],
    ['去掉香菜', 'avoid'],
    ['我已经戒了香菜', 'avoid'],
    ['香菜我不吃', 'avoid'],
    ['香菜不要', 'avoid'],
    ['香菜和洋葱都不要', 'avoid'],
    ['香菜太难吃了', 'avoid'],
    ['我不需要香菜', 'avoid'],
  ])('%s -> %s', (query, expected) => {
    expect(stance(query, '香菜')).toBe(expected);
  });

  it.each([
    '你要香菜吗？',
    '你要香菜吗',
    '要不要香菜？',
    '能不能加香菜',
    '香菜是什么',
    '你喜不喜欢香菜',
    '香菜呢',
    '我不讨厌香菜',
    '我不介意香菜',
    '别忘了香菜',
    '我对香菜不过敏',
    '我吃香菜',
    '香菜是一种香草',
    '特别是香菜',
    '不少香菜',
    '我以前讨厌香菜，现在爱吃香菜',
  ])('%s -> no stance', (query) => {
    expect(stance(query, '香菜')).toBeNull();
  });

  it.each([
    ['quiero cilantro', 'prefer'],
    ['me gusta el cilantro', 'prefer'],
    ['me encanta el cilantro', 'prefer'],
    ['no como cilantro', 'avoid'],
    ['no quiero cilantro', 'avoid'],
    ['no me gusta el cilantro', 'avoid'],
    ['sin cilantro, por favor', 'avoid'],
    ['odio el cilantro', 'avoid'],
    ['soy alérgico al cilantro', 'avoid'],
    ['nunca como cilantro', 'avoid'],
  ])('Spanish: %s -> %s', (query, expected) => {
    expect(stance(query, 'cilantro')).toBe(expected);
  });

  it.each([
    ['quero coentro', 'prefer'],
    ['eu gosto de coentro', 'prefer'],
    ['adoro coentro', 'prefer'],
    ['não como coentro', 'avoid'],
    ['não quero coentro', 'avoid'],
    ['não gosto de coentro', 'avoid'],
    ['sem coentro, por favor', 'avoid'],
    ['odeio coentro', 'avoid'],
    ['sou alérgica a coentro', 'avoid'],
  ])('Portuguese: %s -> %s', (query, expected) => {
    expect(stance(query, 'coentro')).toBe(expected);
  });

  it.each([
    ['ich möchte Koriander', 'prefer'],
    ['ich mag Koriander', 'prefer'],
    ['ich esse gern Koriander', 'prefer'],
    ['ich esse kein Koriander', 'avoid'],
    ['ich esse keinen Koriander', 'avoid'],
    ['ich möchte keinen Koriander', 'avoid'],
    ['ich esse nicht gern Koriander', 'avoid'],
    ['bitte ohne Koriander', 'avoid'],
    ['ich hasse Koriander', 'avoid'],
    ['ich bin allergisch gegen Koriander', 'avoid'],
  ])('German: %s -> %s', (query, expected) => {
    expect(stance(query, 'Koriander')).toBe(expected);
  });

  it.each([
    ['je veux de la coriandre', 'prefer'],
    ["j'adore la coriandre", 'prefer'],
    ["j'aime la coriandre", 'prefer'],
    ['je ne mange pas de coriandre', 'avoid'],
    ['je ne veux pas de coriandre', 'avoid'],
    ['je ne veux plus de coriandre', 'avoid'],
    ["je n'aime pas la coriandre", 'avoid'],
    ['sans coriandre, merci', 'avoid'],
    ['je déteste la coriandre', 'avoid'],
    ['je suis allergique à la coriandre', 'avoid'],
  ])('French: %s -> %s', (query, expected) => {
    expect(stance(query, 'coriandre')).toBe(expected);
  });

  it.each([
    ['voglio il coriandolo', 'prefer'],
    ['mi piace il coriandolo', 'prefer'],
    ['non mangio coriandolo', 'avoid'],
    ['non mi piace il coriandolo', 'avoid'],
    ['senza coriandolo', 'avoid'],
    ['ik wil koriander', 'prefer'],
    ['ik eet geen koriander', 'avoid'],
    ['zonder koriander', 'avoid'],
  ])('Italian and Dutch: %s -> %s', (query, expected) => {
    expect(stance(query, query.includes('coriandolo') ? 'coriandolo' : 'koriander')).toBe(expected);
  });

  it.each([
    ['¿quieres cilantro?', 'cilantro'],
    ['você quer coentro?', 'coentro'],
    ['möchtest du Koriander?', 'Koriander'],
    ['tu veux de la coriandre ?', 'coriandre'],
    ['no olvides el cilantro', 'cilantro'],
    ['não esqueça o coentro', 'coentro'],
    ['vergiss den Koriander nicht', 'Koriander'],
    ["n'oublie pas la coriandre", 'coriandre'],
    ['je ne déteste pas la coriandre', 'coriandre'],
    ['je ne mange que de la coriandre', 'coriandre'],
    ['no me importa el cilantro', 'cilantro'],
    ['ich mag Koriander nicht', 'Koriander'],
    ['o gosto do coentro é forte', 'coentro'],
  ])('%s -> no stance (a question, a neutraliser, or unclear)', (query, facet) => {
    expect(stance(query, facet)).toBeNull();
  });

  it("matches the facet's plurals in the memory's language", () => {
    const cebolla = avoid('cebolla', 'cebolla', 'no como cebolla', 'es');
    expect(keptIds([cebolla], 'quiero cebollas')).toEqual([]);
    const nuss = avoid('nuss', 'Erdnuss', 'keine Erdnüsse', 'de');
    expect(keptIds([nuss], 'ich möchte Erdnüsse')).toEqual([]);
    expect(keptIds([{ ...nuss, language: 'en' }], 'ich möchte Erdnüsse')).toEqual(['nuss']);
  });

  it('tokenizes fullwidth punctuation, CJK characters one by one, and French elisions apart', () => {
    expect(tokenize('我不吃香菜，谢谢！')).toEqual(['我', '不', '吃', '香', '菜', ',', '谢', '谢', '!']);
    expect(tokenize("J'adore l'ail, don't you?")).toEqual([
      "j'",
      'adore',
      "l'",
      'ail',
      ',',
      "don't",
      'you',
      '?',
    ]);
    expect(tokenize('コーヒーは好き。')).toEqual(['コ', 'ー', 'ヒ', 'ー', 'は', '好', 'き', '.']);
  });
});
