import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/language/word-tokens.ts';

describe('tokenize', () => {
  it('lowercases and splits on anything that is not a letter or digit', () => {
    expect(tokenize('My project Alpha: deadline is March 3!')).toEqual([
      'my',
      'project',
      'alpha',
      'deadline',
      'is',
      'march',
      '3',
    ]);
  });

  it('expands contractions instead of leaving fragments like "don" and "t"', () => {
    expect(tokenize("I don't eat cilantro")).toEqual(['i', 'do', 'not', 'eat', 'cilantro']);
    expect(tokenize("I'm sure we'll go, they've said it's fine")).toEqual([
      'i',
      'am',
      'sure',
      'we',
      'will',
      'go',
      'they',
      'have',
      'said',
      'it',
      'fine',
    ]);
    expect(tokenize("can't won't shouldn't I'd you're")).toEqual([
      'can',
      'not',
      'will',
      'not',
      'should',
      'not',
      'i',
      'would',
      'you',
      'are',
    ]);
  });

  it('treats typographic apostrophes like straight ones and drops possessives', () => {
    expect(tokenize('I don\u2019t like Sam\u2019s dog')).toEqual(['i', 'do', 'not', 'like', 'sam', 'dog']);
  });

  it('keeps single-hyphen compounds whole and treats dashes as separators', () => {
    expect(tokenize('A follow-up -- next week -- with well- known e-mail')).toEqual([
      'a',
      'follow-up',
      'next',
      'week',
      'with',
      'well',
      'known',
      'e-mail',
    ]);
  });

  it('keeps letters of any script and normalises compatibility forms', () => {
    expect(tokenize('Café in São Paulo, ﬁne')).toEqual(['café', 'in', 'são', 'paulo', 'fine']);
  });

  it('returns nothing for text without letters or digits', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' ?! -- ... ')).toEqual([]);
  });
});
