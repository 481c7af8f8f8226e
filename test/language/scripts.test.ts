import { describe, expect, it } from 'vitest';
import {
  CJK_CHAR_CLASS,
  CJK_RANGES,
  cjkScriptOf,
  hasCjk,
  scriptsIn,
  splitCjk,
} from '../../src/language/index.ts';

const PROPERTY = {
  han: /\p{Script=Han}/u,
  kana: /[\p{Script=Hiragana}\p{Script=Katakana}]/u,
  hangul: /\p{Script=Hangul}/u,
} as const;
const UNASSIGNED = /\p{Cn}/u;
// Common-script characters that occur inside kana words: the prolonged sound marks and the voicing marks.
const KANA_COMMON = new Set([0x3099, 0x309a, 0x309b, 0x309c, 0x30fc, 0xff70, 0xff9e, 0xff9f]);
const LAST = 0x323af;

describe('CJK_RANGES', () => {
  it('holds only characters of that script (or unassigned ones, or the kana marks)', () => {
    const strays: string[] = [];
    for (let cp = 0; cp <= LAST; cp++) {
      const script = cjkScriptOf(cp);
      if (!script) continue;
      const char = String.fromCodePoint(cp);
      if (PROPERTY[script].test(char) || UNASSIGNED.test(char)) continue;
      if (script === 'kana' && KANA_COMMON.has(cp)) continue;
      strays.push(cp.toString(16));
    }
    expect(strays).toEqual([]);
  });

  it('covers every letter of those scripts up to Han extension H', () => {
    const missing: string[] = [];
    for (let cp = 0; cp <= LAST; cp++) {
      const char = String.fromCodePoint(cp);
      if (!/[\p{L}\p{Nl}]/u.test(char)) continue;
      const wanted = (Object.keys(PROPERTY) as (keyof typeof PROPERTY)[]).find((s) => PROPERTY[s].test(char));
      if (wanted && cjkScriptOf(cp) !== wanted) missing.push(`${cp.toString(16)} ${wanted}`);
    }
    // Outside the ranges on purpose: the ideographic symbols and punctuation block next to Tangut (U+16FE0 to
    // U+16FFF) and the enclosed ideographs used as symbols (U+1F200 block).
    expect(missing.filter((m) => !/^(16f[ef]\w|1f2\w\w) /.test(m))).toEqual([]);
  });

  it('is what CJK_CHAR_CLASS matches, code point for code point', () => {
    const re = new RegExp(`^${CJK_CHAR_CLASS}$`, 'u');
    const differ: string[] = [];
    for (let cp = 0; cp <= LAST + 16; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (re.test(String.fromCodePoint(cp)) !== (cjkScriptOf(cp) !== null)) differ.push(cp.toString(16));
    }
    expect(differ).toEqual([]);
  });

  it('is sorted and does not overlap', () => {
    const all = Object.values(CJK_RANGES)
      .flat()
      .sort((a, b) => a[0] - b[0]);
    for (let i = 0; i < all.length; i++) {
      expect(all[i]![0]).toBeLessThanOrEqual(all[i]![1]);
      if (i > 0) expect(all[i]![0]).toBeGreaterThan(all[i - 1]![1]);
    }
  });
});

describe('scriptsIn', () => {
  it.each([
    ['我们都用 PostgreSQL', ['han', 'latin']],
    ['コーヒーは砂糖なし', ['han', 'kana']],
    ['우리는 Postgres를 써요', ['hangul', 'latin']],
    ['Я пью чай', ['cyrillic']],
    ['Καλημέρα and hello', ['latin', 'other']],
    ['PostgreSQL 15', ['latin']],
    ['42 🙂 、。', []],
    ['𠀀𪚥', ['han']],
  ] as const)('%s -> %j', (text, scripts) => {
    expect(scriptsIn(text)).toEqual(scripts);
  });
});

describe('splitCjk', () => {
  it('separates the CJK runs from the rest, keeping the words of the rest apart', () => {
    expect(splitCjk('我们都用 PostgreSQL。')).toEqual({ cjk: ['我们都用'], rest: '  PostgreSQL。' });
    expect(splitCjk('用Rust写的，跑在Workers上')).toEqual({
      cjk: ['用', '写的', '跑在', '上'],
      rest: ' Rust ， Workers ',
    });
    expect(splitCjk('コーヒーを飲む')).toEqual({ cjk: ['コーヒーを飲む'], rest: ' ' });
    expect(splitCjk('plain text')).toEqual({ cjk: [], rest: 'plain text' });
  });

  it('hasCjk says whether there is any run', () => {
    expect(hasCjk('a 汽水 b')).toBe(true);
    expect(hasCjk('a soda b、')).toBe(false);
  });
});
