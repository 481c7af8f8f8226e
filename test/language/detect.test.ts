import { describe, expect, it } from 'vitest';
import { detectLanguage, scriptLanguage, UNDETERMINED } from '../../src/language/index.ts';
import { HELD_OUT_TEXTS, SHORT_TEXTS, UNDECIDABLE_TEXTS, VERY_SHORT_TEXTS } from './short-texts.ts';

const CJK = new Set(['zh', 'ja', 'ko']);

async function tally(corpus: Record<string, readonly string[]>) {
  const out: Record<string, { right: number; und: number; wrong: string[] }> = {};
  for (const [language, texts] of Object.entries(corpus)) {
    const s = { right: 0, und: 0, wrong: [] as string[] };
    for (const text of texts) {
      const got = await detectLanguage(text);
      if (got === language) s.right++;
      else if (got === UNDETERMINED) s.und++;
      else s.wrong.push(`${got}: ${text}`);
    }
    out[language] = s;
  }
  return out;
}

describe('detectLanguage on the short-text corpus', () => {
  it.each([
    ['SHORT_TEXTS', SHORT_TEXTS],
    ['VERY_SHORT_TEXTS', VERY_SHORT_TEXTS],
    ['HELD_OUT_TEXTS', HELD_OUT_TEXTS],
  ] as const)('never names a wrong language on %s (und is allowed)', async (_name, corpus) => {
    const scores = await tally(corpus);
    expect(Object.values(scores).flatMap((s) => s.wrong)).toEqual([]);
  });

  it('decides every CJK sentence by script, and most of the others', async () => {
    const short = await tally(SHORT_TEXTS);
    const veryShort = await tally(VERY_SHORT_TEXTS);
    for (const language of CJK) {
      expect(short[language]!.right).toBe(SHORT_TEXTS.en.length);
      expect(veryShort[language]!.right).toBe(VERY_SHORT_TEXTS.en.length);
    }
    const others = Object.entries(short).filter(([l]) => !CJK.has(l));
    const right = others.reduce((n, [, s]) => n + s.right, 0);
    // Measured: 232 of 242 overall, 166 of 176 outside CJK; Russian is the weak one (14 of 22, the rest und).
    expect(right / (others.length * SHORT_TEXTS.en.length)).toBeGreaterThanOrEqual(0.9);
    for (const [language, s] of others) expect(s.right, language).toBeGreaterThanOrEqual(14);
  });

  it.each(UNDECIDABLE_TEXTS)('answers und for %j', async (text) => {
    expect(await detectLanguage(text)).toBe(UNDETERMINED);
  });

  it('answers und for empty text, and ignores URLs and e-mail addresses', async () => {
    expect(await detectLanguage('')).toBe(UNDETERMINED);
    expect(await detectLanguage('https://example.com/a/rather/long/path/to/something')).toBe(UNDETERMINED);
    expect(await detectLanguage('write to someone.important@example.com')).toBe(UNDETERMINED);
  });

  it('reads mixed text by its main part: a Chinese sentence with a product name, an English one with a dish', async () => {
    expect(await detectLanguage('我们都用 PostgreSQL')).toBe('zh');
    expect(await detectLanguage('My favourite dish is 麻婆豆腐, the spicy one from Sichuan')).toBe('en');
  });
});

describe('scriptLanguage', () => {
  it.each([
    ['我对花生过敏，吃了会起疹子', 'zh'],
    ['我們都用 PostgreSQL', 'zh'],
    ['我喜欢 Rust 和 Go', 'zh'],
    ['Postgres を使っています', 'ja'],
    ['パクチー', 'ja'],
    ['우리는 Postgres를 써요', 'ko'],
    // Kanji only: no kana to tell Japanese from Chinese.
    ['東京都渋谷区', 'zh'],
  ] as const)('%s -> %s', (text, language) => {
    expect(scriptLanguage(text)).toBe(language);
  });

  it.each(['I think 香菜 is gross', 'PostgreSQL 15', '', '42 🙂'])('%j is not decided by script', (text) => {
    expect(scriptLanguage(text)).toBeNull();
  });
});
