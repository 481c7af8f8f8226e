// The names and character classes src/language hands to SQL, checked on the engines: every configuration
// TEXT_SEARCH_CONFIGS names exists, POSTGRES_CJK_CLASS splits text exactly as splitCjk does, and the schema's
// ts_config_for maps every language as textSearchConfig does; engram.detect_language decides CJK as scriptLanguage
// does and other languages by stop words without a wrong answer on the short sentences, and engram.cjk_bigrams segments CJK runs exactly as splitCjk finds them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cjkScriptOf,
  POSTGRES_CJK_CLASS,
  POSTGRES_SCRIPT_CLASSES,
  scriptLanguage,
  splitCjk,
  TEXT_SEARCH_CONFIGS,
  textSearchConfig,
} from '../../src/language/index.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { HELD_OUT_TEXTS, SHORT_TEXTS, UNDECIDABLE_TEXTS, VERY_SHORT_TEXTS } from './short-texts.ts';

const MIXED = [
  '我们都用 PostgreSQL。',
  '用Rust写的，跑在Workers上',
  'コーヒーは砂糖なしのブラックで飲みます',
  'ｺｰﾋｰ and 우리는 Postgres를 써요',
  '𠀀𪚥 astral Han, 々 and 〇',
  'no CJK at all、just punctuation。',
];

describe.each(backends)('language names on $name', ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open('language');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('has every text-search configuration that TEXT_SEARCH_CONFIGS names', async () => {
    const { rows } = await database.db.query<{ cfgname: string }>(
      'select cfgname from pg_catalog.pg_ts_config',
    );
    const installed = new Set(rows.map((r) => r.cfgname));
    expect(Object.values(TEXT_SEARCH_CONFIGS).filter((c) => !installed.has(c))).toEqual([]);
    expect(installed.has('simple')).toBe(true);
  });

  it('removes the CJK runs with POSTGRES_CJK_CLASS exactly as splitCjk does', async () => {
    for (const text of MIXED) {
      const { rows } = await database.db.query<{ rest: string; runs: string[] | null }>(
        `select pg_catalog.regexp_replace($1, $2 || '+', ' ', 'g') as rest,
                array(select m[1] from pg_catalog.regexp_matches($1, '(' || $2 || '+)', 'g') as m) as runs`,
        [text, POSTGRES_CJK_CLASS],
      );
      expect(rows[0]).toEqual({ rest: splitCjk(text).rest, runs: splitCjk(text).cjk });
    }
  });

  it('counts each CJK script with POSTGRES_SCRIPT_CLASSES as cjkScriptOf does', async () => {
    for (const text of MIXED) {
      for (const [script, cls] of Object.entries(POSTGRES_SCRIPT_CLASSES)) {
        const { rows } = await database.db.query<{ n: number }>(
          `select pg_catalog.char_length($1) - pg_catalog.char_length(pg_catalog.regexp_replace($1, $2, '', 'g')) as n`,
          [text, cls],
        );
        const expected = [...text].filter((c) => cjkScriptOf(c.codePointAt(0)!) === script).length;
        expect(Number(rows[0]!.n), `${script} in ${text}`).toBe(expected);
      }
    }
  });

  it('maps every language to the configuration textSearchConfig names', async () => {
    const codes = [...Object.keys(TEXT_SEARCH_CONFIGS), 'zh', 'ja', 'ko', 'und', 'et', 'pt-BR', 'EN', 'xx'];
    const { rows } = await database.db.query<{ code: string; cfg: string }>(
      `select c as code, pg_catalog.regexp_replace(engram.ts_config_for(c)::text, '^pg_catalog[.]', '') as cfg
         from pg_catalog.unnest($1::text[]) as c`,
      [codes],
    );
    expect(rows.filter((r) => r.cfg !== textSearchConfig(r.code))).toEqual([]);
    expect(rows.filter((r) => r.cfg === 'simple').map((r) => r.code)).toEqual([
      'zh',
      'ja',
      'ko',
      'und',
      'et',
      'xx',
    ]);
  });

  it('decides zh, ja and ko in SQL exactly as scriptLanguage does', async () => {
    const texts = [
      ...MIXED,
      '我们都用 PostgreSQL 和 Redis 做缓存',
      'I eat 花生',
      'Ich esse gern Brot',
      '',
      '12 345',
      '汽水',
    ];
    const { rows } = await database.db.query<{ text: string; language: string }>(
      'select t as text, engram.detect_language(t) as language from pg_catalog.unnest($1::text[]) as t',
      [texts],
    );
    const cjk = (language: string) => ['zh', 'ja', 'ko'].includes(language);
    expect(rows.map((r) => (cjk(r.language) ? r.language : null))).toEqual(
      texts.map((t) => scriptLanguage(t)),
    );
  });

  it('tells other languages in SQL by stop words, never wrongly on the short sentences', async () => {
    const labelled = [SHORT_TEXTS, VERY_SHORT_TEXTS, HELD_OUT_TEXTS].flatMap((set) =>
      Object.entries(set)
        .filter(([language]) => !['zh', 'ja', 'ko'].includes(language))
        .flatMap(([language, texts]) => (texts as readonly string[]).map((text) => ({ language, text }))),
    );
    const { rows } = await database.db.query<{ language: string }>(
      'select engram.detect_language(t) as language from pg_catalog.unnest($1::text[]) with ordinality as u(t, n) order by n',
      [labelled.map((l) => l.text)],
    );
    const wrong = labelled.filter((l, i) => rows[i]!.language !== 'und' && rows[i]!.language !== l.language);
    expect(wrong).toEqual([]);
    // Decides about half of the 5-to-15-word sentences (96 of 176 when measured); und, never a guess, for the rest.
    const decided = labelled.filter((l, i) => rows[i]!.language === l.language);
    expect(decided.length).toBeGreaterThanOrEqual(110);
    const undecidable = await database.db.query<{ language: string }>(
      'select engram.detect_language(t) as language from pg_catalog.unnest($1::text[]) as t',
      [[...UNDECIDABLE_TEXTS]],
    );
    expect(new Set(undecidable.rows.map((r) => r.language))).toEqual(new Set(['und']));
  });

  it('segments every CJK run that splitCjk finds into its bigrams (a one-character run as itself)', async () => {
    const bigrams = (run: string) => {
      const chars = [...run];
      return chars.length === 1 ? chars : chars.slice(1).map((c, i) => chars[i]! + c);
    };
    for (const text of [...MIXED, '家里有 猫 和 狗', '']) {
      const { rows } = await database.db.query<{ b: string }>('select engram.cjk_bigrams($1) as b', [text]);
      expect(rows[0]!.b, text).toBe(splitCjk(text).cjk.flatMap(bigrams).join(' '));
    }
  });
});
