import { describe, expect, it } from 'vitest';
import { contentWords, lexicalShare, sameWord } from '../../src/recall/lexical-share.ts';

describe('contentWords', () => {
  it('keeps the words that carry the topic: no stop words, contractions expanded, compounds split', () => {
    expect(contentWords("What are my children's names?")).toEqual(['children', 'names']);
    expect(contentWords("I'm booking the end-of-year trip")).toEqual(['booking', 'end', 'year', 'trip']);
  });

  it('leaves CJK runs to the database, which matches them as bigrams', () => {
    expect(contentWords('我喜欢 green tea')).toEqual(['green', 'tea']);
  });
});

describe('sameWord', () => {
  it('matches inflections of a word', () => {
    expect(sameWord('names', 'named')).toBe(true);
    expect(sameWord('children', 'child')).toBe(true);
    expect(sameWord('deadline', 'deadlines')).toBe(true);
  });

  it('does not match different words, nor short words by prefix', () => {
    expect(sameWord('names', 'nasty')).toBe(false);
    expect(sameWord('car', 'cart')).toBe(false);
    expect(sameWord('tea', 'tea')).toBe(true);
  });
});

describe('lexicalShare', () => {
  it('is the share of the query words the memory holds', () => {
    const query = contentWords("What are my children's names?");
    expect(lexicalShare(query, contentWords('We have a golden retriever named Biscuit.'))).toBe(0.5);
    expect(lexicalShare(query, contentWords('The names of the children: Maya and Leo'))).toBe(1);
    expect(lexicalShare(query, contentWords('Thursday evenings are for choir'))).toBe(0);
  });

  it('is null when the query has no content word to judge by', () => {
    expect(lexicalShare(contentWords('what is it?'), contentWords('anything'))).toBeNull();
  });
});
