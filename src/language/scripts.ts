// Which writing systems a text uses, and where its CJK (Chinese, Japanese, Korean) runs are: the scripts that
// write words without spaces between them, so word-based matching and PostgreSQL's parsers do not work on them.
//
// The ranges are explicit (not `\p{Script=...}`) so that SQL can use the very same set: PostgreSQL's regular
// expressions have no Unicode property classes (see POSTGRES_CJK_CLASS).

/** The scripts told apart here; `other` is any other letter (Greek, Arabic, Devanagari...). */
export type Script = 'han' | 'kana' | 'hangul' | 'latin' | 'cyrillic' | 'other';
export type CjkScript = 'han' | 'kana' | 'hangul';

type Range = readonly [number, number];

/**
 * Code points counted as CJK, by script. Han: the unified ideographs, their extensions A to H and the
 * compatibility ideographs, the radicals, 々 and 〇. Kana: hiragana, katakana (with the prolonged sound mark ー and
 * the combining voicing marks, which occur inside words), the halfwidth forms and the kana supplements. Hangul:
 * syllables, jamo and compatibility jamo, halfwidth forms. Not CJK: CJK punctuation (、。「」・), fullwidth
 * Latin letters and digits, which are separators or ordinary words.
 */
export const CJK_RANGES: Readonly<Record<CjkScript, readonly Range[]>> = {
  han: [
    [0x2e80, 0x2fdf],
    [0x3005, 0x3005],
    [0x3007, 0x3007],
    [0x3021, 0x3029],
    [0x3038, 0x303b],
    [0x3400, 0x4dbf],
    [0x4e00, 0x9fff],
    [0xf900, 0xfaff],
    [0x20000, 0x323af],
  ],
  kana: [
    [0x3041, 0x3096],
    [0x3099, 0x309f],
    [0x30a1, 0x30fa],
    [0x30fc, 0x30ff],
    [0x31f0, 0x31ff],
    [0xff66, 0xff9f],
    [0x1aff0, 0x1afff],
    [0x1b000, 0x1b16f],
  ],
  hangul: [
    [0x1100, 0x11ff],
    [0x3131, 0x318e],
    [0xa960, 0xa97c],
    [0xac00, 0xd7a3],
    [0xd7b0, 0xd7fb],
    [0xffa0, 0xffdc],
  ],
};

const CJK_SCRIPTS = Object.keys(CJK_RANGES) as CjkScript[];

function inRanges(cp: number, ranges: readonly Range[]): boolean {
  return ranges.some(([from, to]) => cp >= from && cp <= to);
}

/** The CJK script of a code point, or null. */
export function cjkScriptOf(cp: number): CjkScript | null {
  // Everything CJK sits at or above U+1100: one comparison for the common Latin case.
  if (cp < 0x1100) return null;
  return CJK_SCRIPTS.find((s) => inRanges(cp, CJK_RANGES[s])) ?? null;
}

const LETTER = /\p{L}/u;
const LATIN = /\p{Script=Latin}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;

/** The script of one character (a code point as a string), or null when it is not a letter (digit, space...). */
export function scriptOf(char: string): Script | null {
  const cjk = cjkScriptOf(char.codePointAt(0) ?? 0);
  if (cjk) return cjk;
  if (!LETTER.test(char)) return null;
  if (LATIN.test(char)) return 'latin';
  return CYRILLIC.test(char) ? 'cyrillic' : 'other';
}

const ORDER: readonly Script[] = ['han', 'kana', 'hangul', 'latin', 'cyrillic', 'other'];

/**
 * The scripts of the letters in `text`, in a fixed order: "我们都用 PostgreSQL" -> ['han', 'latin'];
 * "PostgreSQL 15" -> ['latin']; "42 🙂" -> [].
 */
export function scriptsIn(text: string): Script[] {
  const seen = new Set<Script>();
  for (const char of text) {
    const s = scriptOf(char);
    if (s) seen.add(s);
  }
  return ORDER.filter((s) => seen.has(s));
}

/** True when `text` has at least one CJK character. */
export function hasCjk(text: string): boolean {
  for (const char of text) if (cjkScriptOf(char.codePointAt(0)!)) return true;
  return false;
}

/**
 * Splits mixed text into its CJK runs (maximal runs of CJK characters, kanji and kana together) and the rest,
 * where each run is replaced by one space: "我们都用 PostgreSQL。" -> { cjk: ['我们都用'], rest: '  PostgreSQL。' }.
 * The rest keeps its words apart, so it can go to a language's text-search configuration while the runs are
 * indexed by character n-grams ("index both parts").
 */
export function splitCjk(text: string): { cjk: string[]; rest: string } {
  const cjk: string[] = [];
  let rest = '';
  let run = '';
  for (const char of text) {
    if (cjkScriptOf(char.codePointAt(0)!)) {
      run += char;
      continue;
    }
    if (run) {
      cjk.push(run);
      rest += ' ';
      run = '';
    }
    rest += char;
  }
  if (run) {
    cjk.push(run);
    rest += ' ';
  }
  return { cjk, rest };
}

const ALL_RANGES = CJK_SCRIPTS.flatMap((s) => CJK_RANGES[s]);

/** The same set as a JavaScript character class, for regular expressions with the `u` flag. */
export const CJK_CHAR_CLASS = `[${ALL_RANGES.map(([from, to]) => `\\u{${from.toString(16)}}-\\u{${to.toString(16)}}`).join('')}]`;

function hex(cp: number): string {
  return cp <= 0xffff ? `\\u${cp.toString(16).padStart(4, '0')}` : `\\U${cp.toString(16).padStart(8, '0')}`;
}

function postgresClass(ranges: readonly Range[]): string {
  return `[${ranges.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('')}]`;
}

/**
 * The bracket expression for PostgreSQL regular expressions (advanced syntax, `\u` / `\U` escapes) that matches
 * exactly the CJK_RANGES code points, e.g. `regexp_replace(t, '[...]+', ' ', 'g')` leaves the non-CJK part.
 * Tested on PGlite and PostgreSQL 15 against splitCjk.
 */
export const POSTGRES_CJK_CLASS = postgresClass(ALL_RANGES);

/** One bracket expression per CJK script, for SQL that decides zh / ja / ko as scriptLanguage does. */
export const POSTGRES_SCRIPT_CLASSES: Readonly<Record<CjkScript, string>> = {
  han: postgresClass(CJK_RANGES.han),
  kana: postgresClass(CJK_RANGES.kana),
  hangul: postgresClass(CJK_RANGES.hangul),
};
