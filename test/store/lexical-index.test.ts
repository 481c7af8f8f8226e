// The lexical lane's index keys every lexeme by its subject (engram.subject_lexemes, memories_subject_lexemes_idx):
// rare_term_matches asks it for a term's lexemes keyed the same way (a superset) and tests the term itself on what
// comes back; lexical_matches tests the query on the subject's newest 2,500 rows. On every backend: in a subject the
// window holds, lexical_matches gives exactly the live rows that match (checked against a plain scan) and nothing
// of another subject or tenant, for recall, hand-written, negated and prefix queries; rare_term_matches bounds and
// filters; lexemes with quotes or backslashes keep their escaping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlSession } from '../../src/ports/sql.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';

const CONTENTS = [
  'We walked the dog in the garden this morning',
  "O'Brien's coffee shop opens at seven",
  'Path C:\\Users\\me\\notes holds the self-portrait drafts',
  'Ich trinke morgens keinen Kaffee',
  '记住我不吃香菜',
  'Our garden gets the morning sun',
  'The bus to work leaves at eight',
  'Coffee with Maya on Saturday morning',
  'Soft drinks go under Snacks',
  'A long walk by the river after dinner',
];

/** Recall-style queries (engram.query_tsquery) and hand-written ones, a negation and a prefix among them. */
const QUERIES: [string, string][] = [
  ['recall: morning coffee', "engram.query_tsquery('morning coffee in the garden', 'en')"],
  ['recall: apostrophes', "engram.query_tsquery('Where is O''Brien''s shop?', 'en')"],
  ['recall: German', "engram.query_tsquery('Kaffee am Morgen', 'de')"],
  ['recall: Chinese', "engram.query_tsquery('我不吃什么', 'zh')"],
  ['recall: hyphenated word', "engram.query_tsquery('my self-portrait', 'en')"],
  ['a backslash in a lexeme', "$$'c:\\\\users\\\\me\\\\notes' | 'bus'$$::tsquery"],
  ['a negation', "to_tsquery('simple', '!garden & morning')"],
  ['a prefix', "to_tsquery('simple', 'walk:*')"],
  ['weights', "to_tsquery('english', 'garden:A | coffe:B')"],
];

describe.each(backends)('the keyed lexical index on $name', ({ open }) => {
  let database: TestDatabase;
  let acme: string;
  let other: string;

  const insert = (tenant: string, subject: string, content: string, revoked = false) =>
    database.db.query(
      `insert into engram.memories (tenant_id, subject, kind, content, language, ts_config, trust, source_type,
                                    content_hash, revoked_at)
       values ($1, $2, 'fact', $3, $4, engram.ts_config_for($4), 2, 'user', md5($3), $5)`,
      [
        tenant,
        subject,
        content,
        /[\u4e00-\u9fff]/.test(content) ? 'zh' : content.startsWith('Ich') ? 'de' : 'en',
        revoked ? new Date() : null,
      ],
    );

  beforeAll(async () => {
    database = await open('lexical_index');
    const store = createSqlStore(database.db);
    acme = await store.withOperator((op) => op.createTenant('acme'));
    other = await store.withOperator((op) => op.createTenant('other'));
    for (const content of CONTENTS) {
      await insert(acme, 'ana', content);
      // The same words in another subject of the tenant and in another tenant's subject of the same name.
      await insert(acme, 'bo', content);
      await insert(other, 'ana', content);
    }
    await insert(acme, 'ana', 'A revoked note about the morning garden coffee', true);
  }, 60_000);
  afterAll(async () => {
    await database.drop();
  });

  const asApp = <T>(work: (s: SqlSession) => Promise<T>) =>
    database.db.transaction(async (s) => {
      await s.query(
        "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
        [acme],
      );
      return work(s);
    });
  const contentsOf = async (ids: string[]) => {
    if (ids.length === 0) return [];
    const { rows } = await database.db.query<{ content: string }>(
      'select content from engram.memories where id = any ($1::uuid[]) order by content',
      [ids],
    );
    return rows.map((r) => r.content);
  };

  it.each(QUERIES)(
    'lexical_matches (%s): exactly the live rows of the subject that match',
    async (_, tsq) => {
      const { rows: expected } = await database.db.query<{ content: string }>(
        `select content from engram.memories
        where tenant_id = $1 and subject = 'ana' and revoked_at is null and search_tsv @@ ${tsq} order by content`,
        [acme],
      );
      const ids = await asApp(async (s) => {
        const { rows } = await s.query<{ id: string }>(
          `select x.id from engram.lexical_matches('ana', ${tsq}) x`,
        );
        return rows.map((r) => r.id);
      });
      expect(ids).toHaveLength(new Set(ids).size);
      expect(await contentsOf(ids)).toEqual(expected.map((r) => r.content));
    },
  );

  it('a subject under the window: still exactly the rows that match, 1,000 newer ones that do not beside them', async () => {
    // 1,000 newer rows that do not match: the 2,500-row window still holds the whole subject.
    await database.db.query(
      `insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash)
       select $1, 'ana', 'episode', 'filler turn number ' || g, 2, 'user', md5('filler' || g)
         from generate_series(1, 1000) g`,
      [acme],
    );
    for (const [, tsq] of QUERIES) {
      const { rows: expected } = await database.db.query<{ content: string }>(
        `select content from engram.memories
          where tenant_id = $1 and subject = 'ana' and revoked_at is null and search_tsv @@ ${tsq} order by content`,
        [acme],
      );
      const ids = await asApp(async (s) => {
        const { rows } = await s.query<{ id: string }>(
          `select x.id from engram.lexical_matches('ana', ${tsq}) x`,
        );
        return rows.map((r) => r.id);
      });
      expect(await contentsOf(ids)).toEqual(expected.map((r) => r.content));
    }
  });

  it('rare_term_matches: each term whose matches fit the bound, none of a term past it', async () => {
    const terms =
      "array[to_tsquery('simple', 'garden'), to_tsquery('simple', 'filler'), to_tsquery('simple', 'bus')]";
    const ids = await asApp(async (s) => {
      const { rows } = await s.query<{ id: string }>(
        `select x.id from engram.rare_term_matches('ana', ${terms}, p_max_matches => 200) x`,
      );
      return rows.map((r) => r.id);
    });
    // 'filler' matches 1,000 rows (past 200): none of them; 'garden' two live rows, 'bus' one.
    expect(await contentsOf(ids)).toEqual([
      'Our garden gets the morning sun',
      'The bus to work leaves at eight',
      'We walked the dog in the garden this morning',
    ]);
    const filtered = await asApp(async (s) => {
      const { rows } = await s.query<{ id: string }>(
        `select x.id from engram.rare_term_matches('ana', ${terms}, p_kinds => array['episode'], p_max_matches => 200) x`,
      );
      return rows.map((r) => r.id);
    });
    expect(filtered).toEqual([]);
  });

  it('subject_keyed_tsquery keys every lexeme but the configuration tags, and gives up on negations and prefixes', async () => {
    // A lexeme with a quote and one with a backslash (the parser never makes them; a direct caller can).
    const tsq = "$$'o''brien' & ('garden' | ' ~pg_catalog.english') | 'c:\\\\notes'$$::tsquery";
    const { rows } = await database.db.query<{
      keyed: string | null;
      matches: boolean;
      negation: string | null;
      prefix: string | null;
      key: string;
    }>(
      `select engram.subject_keyed_tsquery($1, 'ana', ${tsq})::text as keyed,
              engram.subject_lexemes($1, 'ana', $$'o''brien'$$::tsvector)
                @@ engram.subject_keyed_tsquery($1, 'ana', ${tsq}) as matches,
              engram.subject_keyed_tsquery($1, 'ana', to_tsquery('simple', '!garden'))::text as negation,
              engram.subject_keyed_tsquery($1, 'ana', to_tsquery('simple', 'gard:*'))::text as prefix,
              engram.subject_lexeme_key($1, 'ana') as key`,
      [acme],
    );
    const { keyed, matches, negation, prefix, key } = rows[0]!;
    expect(key).toMatch(/^[0-9a-f]{12}:$/);
    expect(negation).toBeNull();
    expect(prefix).toBeNull();
    const lexemes = [...(keyed ?? '').matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!).sort();
    expect(lexemes).toEqual([`${key}c:\\\\notes`, `${key}garden`, `${key}o''brien`]);
    expect(matches).toBe(true);
  });

  it('the index holds keyed lexemes without the configuration tag', async () => {
    const { rows } = await database.db.query<{ lexemes: string[]; key: string }>(
      `select pg_catalog.tsvector_to_array(engram.subject_lexemes(tenant_id, subject, search_tsv)) as lexemes,
              engram.subject_lexeme_key(tenant_id, subject) as key
         from engram.memories where tenant_id = $1 and subject = 'ana' and content like 'Our garden%'`,
      [acme],
    );
    const { lexemes, key } = rows[0]!;
    expect(lexemes.every((l) => l.startsWith(key))).toBe(true);
    expect(lexemes).toContain(`${key}garden`);
    expect(lexemes.some((l) => l.includes(' ~'))).toBe(false);
  });

  it('recall reaches the old rows of a word held by up to 500 rows, in a subject larger than the window', async () => {
    // 'harbor' in 300 old rows and 'lantern' in 600, then 2,600 newer rows of neither: the window (the newest
    // 2,500) holds none of them. 300 is within the rare-term bound (500 since 20261202100000; at 200 none came
    // back), 600 is not.
    await database.db.query(
      `insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash, created_at)
       select $1, 'cy', 'episode',
              case when g <= 300 then 'we sailed out of the harbor, trip ' || g
                   when g <= 900 then 'the lantern was lit again, night ' || g
                   else 'an ordinary later turn ' || g end,
              2, 'user', md5('cy' || g), now() - (4000 - g) * interval '1 minute'
         from generate_series(1, 3500) g`,
      [acme],
    );
    const lexical = async (query: string) =>
      contentsOf(
        await asApp(async (s) => {
          const { rows } = await s.query<{ id: string }>(
            "select c.id from engram.recall_candidates(p_subject => 'cy', p_query => $1, p_mode => 'lexical', p_candidates => 24) c",
            [query],
          );
          return rows.map((r) => r.id);
        }),
      );
    const harbor = await lexical('harbor');
    expect(harbor).toHaveLength(24);
    expect(harbor.every((c) => c.includes('harbor'))).toBe(true);
    expect(await lexical('lantern')).toEqual([]);
  });

  it("lexical_matches' keyed condition is one the index serves (same expression, same partial predicate)", async () => {
    // A table of some size (20,000 rows in another subject, analyzed), sequential scans off as lexical_matches
    // runs: the planner then reads one subject's few matches from the keyed index, if the index can serve it.
    await database.db.query(
      `insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash)
       select $1, 'bo', 'episode', 'another filler turn ' || g, 2, 'user', md5('bo filler' || g)
         from generate_series(1, 20000) g`,
      [acme],
    );
    await database.db.query('analyze engram.memories');
    const plan = await database.db.transaction(async (s) => {
      await s.query("select set_config('enable_seqscan', 'off', true)");
      const { rows } = await s.query<{ 'QUERY PLAN': unknown }>(
        `explain (format json) select m.id from engram.memories m
          where engram.subject_lexemes(m.tenant_id, m.subject, m.search_tsv)
                @@ engram.subject_keyed_tsquery('${acme}', 'ana', to_tsquery('simple', 'garden'))
            and m.revoked_at is null and m.superseded_by is null`,
      );
      return JSON.stringify(rows[0]!['QUERY PLAN']);
    });
    expect(plan).toContain('memories_subject_lexemes_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});
