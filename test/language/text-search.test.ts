import { describe, expect, it } from 'vitest';
import { primaryLanguage, textSearchConfig } from '../../src/language/index.ts';

describe('textSearchConfig', () => {
  it.each([
    ['en', 'english'],
    ['EN', 'english'],
    ['pt-BR', 'portuguese'],
    ['es', 'spanish'],
    ['de', 'german'],
    ['fr', 'french'],
    ['it', 'italian'],
    ['nl', 'dutch'],
    ['ru', 'russian'],
    ['sv', 'swedish'],
    ['nb', 'norwegian'],
    ['ca', 'catalan'],
    ['zh', 'simple'],
    ['zh-Hant', 'simple'],
    ['ja', 'simple'],
    ['ko', 'simple'],
    ['und', 'simple'],
    // Estonian only has a configuration from PostgreSQL 16 on.
    ['et', 'simple'],
    ['xx', 'simple'],
    ['constructor', 'simple'],
    ['', 'simple'],
  ])('%j -> %s', (language, config) => {
    expect(textSearchConfig(language)).toBe(config);
  });

  it('is simple without a language', () => {
    expect(textSearchConfig(null)).toBe('simple');
    expect(textSearchConfig(undefined)).toBe('simple');
  });

  it('reads the primary subtag of a language tag', () => {
    expect(primaryLanguage(' pt-BR ')).toBe('pt');
    expect(primaryLanguage('zh_Hant_TW')).toBe('zh');
  });
});
