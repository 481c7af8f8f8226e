// The lexical lane beyond English, through the real app (and write_memory directly, as supabase-js callers reach
// it) on every backend (issue 14 items 1 and 2): a memory's language is detected when not given and picks its
// stemmer, a query is stemmed in its own language and only matches memories of that language (or `simple`)
// through the stemmer, and CJK text is indexed as overlapping character bigrams by the same SQL at write and at
// query time. Every recall here is `mode: lexical`, so the vector lane cannot find the memory instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/core/hash.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

interface Stored {
  id: string;
  language: string;
}
interface RecallBody {
  items: { id: string }[];
}

describe.each(backends)('lexical lane in many languages on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let tenant: { id: string; key: string };

  const remember = async (subject: string, content: string, extra: Record<string, unknown> = {}) => {
    const res = await h.call('POST', '/v1/memories', {
      key: tenant.key,
      body: { subject, kind: 'fact', content, ...extra },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { memory: Stored }).memory;
  };
  const found = async (subject: string, query: string, extra: Record<string, unknown> = {}) => {
    const res = await h.call('POST', '/v1/recall', {
      key: tenant.key,
      body: { subject, query, mode: 'lexical', budget: { max_items: 10 }, ...extra },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as RecallBody).items.map((i) => i.id);
  };
  /** The stored row's configuration and its full-text lexemes (the configuration's tag left out). */
  const indexed = async (id: string) => {
    const { rows } = await database.db.query<{ language: string; config: string; lexemes: string[] }>(
      `select language, ts_config::text as config,
              array(select l from pg_catalog.unnest(pg_catalog.tsvector_to_array(search_tsv)) l
                     where l not like ' %' order by l) as lexemes
         from engram.memories where id = $1`,
      [id],
    );
    return rows[0]!;
  };

  beforeAll(async () => {
    database = await open('lexical_languages');
    h = await createHarness(database);
    tenant = await h.tenant('lexical-languages');
  });
  afterAll(async () => {
    await database.drop();
  });

  // Each pair: the memory, a question that shares its words only through the language's stemmer (juegan / juega,
  // estudam / estuda, Kinder / Kind, Fußball / fussball), and a stem that only that stemmer makes.
  const STEMMED = [
    {
      language: 'es',
      config: 'spanish',
      memory: 'Mis hijos juegan al fútbol todos los sábados por la mañana',
      question: '¿Cuándo juega mi hijo?',
      stem: 'jueg',
    },
    {
      language: 'pt',
      config: 'portuguese',
      memory: 'Meus filhos estudam numa escola perto da nossa casa',
      question: 'Onde estuda o meu filho agora?',
      stem: 'estud',
    },
    {
      language: 'de',
      config: 'german',
      memory: 'Meine Kinder spielen jeden Samstag im Verein Fußball',
      question: 'Wann spielt mein Kind eigentlich Fußball?',
      stem: 'kind',
    },
  ];

  it.each(STEMMED)(
    'stems a $config memory written without a language by its own configuration',
    async (c) => {
      const memory = await remember(`stem-${c.language}`, c.memory);
      expect(memory.language).toBe(c.language);
      const row = await indexed(memory.id);
      expect(row.config).toBe(c.config);
      expect(row.lexemes).toContain(c.stem);
      // Detected in the question too; given explicitly, the same.
      expect(await found(`stem-${c.language}`, c.question)).toEqual([memory.id]);
      expect(await found(`stem-${c.language}`, c.question, { language: c.language })).toEqual([memory.id]);
    },
  );

  it('never matches a memory through another language’s stemmer', async () => {
    // English stems that collide with these memories' own stems ('pie', 'bot', 'rat') while no word is shared
    // as written: on main (every memory stemmed as English) each English question found the other language's
    // memory; now the stemmed query terms only reach memories tagged with the English configuration (or simple).
    const cases = [
      {
        memory: 'Me duele el pie derecho desde ayer por la tarde',
        language: 'es',
        question: 'Which pies did I bake?',
      },
      {
        memory: 'Comprei uma bota nova para o inverno',
        language: 'pt',
        question: 'Which bots answer the chat?',
      },
      {
        memory: 'Mein Vater gab mir einen guten Rat für das Studium',
        language: 'de',
        question: 'Any rats in the attic?',
      },
    ];
    for (const c of cases) {
      const foreign = await remember('false-friends', c.memory);
      expect(foreign.language).toBe(c.language);
      expect(await found('false-friends', c.question)).not.toContain(foreign.id);
    }
    // The same English stem does reach an English memory, and a memory of unknown language (simple) as written.
    const english = await remember('false-friends', 'I bake two apple pies every Sunday', { language: 'en' });
    const unknown = await remember('false-friends', 'bots', { language: 'und' });
    const hits = await found('false-friends', 'Which pies and bots?');
    expect(hits).toContain(english.id);
    expect(hits).toContain(unknown.id);
    expect(hits).toHaveLength(2);
  });

  it('finds a Chinese memory by a word it shares with the question (bigrams)', async () => {
    const peanuts = await remember('zh', '我对花生过敏，吃了会起疹子');
    const coriander = await remember('zh', '我不吃香菜');
    const database_ = await remember('zh', '我们都用 PostgreSQL 做数据库');
    expect(peanuts.language).toBe('zh');
    expect((await indexed(peanuts.id)).config).toBe('simple');
    expect(await found('zh', '花生能吃吗')).toEqual([peanuts.id]);
    expect(await found('zh', '香菜')).toEqual([coriander.id]);
    // Mixed text indexes both parts: the Latin word and the Chinese bigrams.
    expect(await found('zh', 'PostgreSQL')).toEqual([database_.id]);
    expect(await found('zh', '数据库怎么备份')).toEqual([database_.id]);
    expect((await indexed(database_.id)).lexemes).toEqual(
      ['postgresql', '们都', '做数', '我们', '据库', '数据', '都用'].sort(),
    );
  });

  it('indexes a one-character word as itself, and never the characters inside a longer run', async () => {
    const cat = await remember('zh-single', '家里有 猫 和 狗');
    const noodles = await remember('zh-single', '我喜欢吃面条');
    expect(await found('zh-single', '猫')).toEqual([cat.id]);
    // '面' alone is not a word of "我喜欢吃面条" (its bigrams are 吃面 and 面条).
    expect(await found('zh-single', '面')).toEqual([]);
    expect(await found('zh-single', '面条')).toEqual([noodles.id]);
  });

  it('scores bigrams like words: the rare shared term ranks first (idf)', async () => {
    // Every memory says 我们; only one says 咖啡. BM25-style idf puts the 咖啡 memory first even though the
    // others repeat 我们.
    for (const topic of ['我们我们周末去爬山', '我们我们每天开会', '我们我们住在上海'])
      await remember('zh-idf', topic);
    const coffee = await remember('zh-idf', '我们早上喝咖啡');
    const ranked = await found('zh-idf', '我们喝什么咖啡');
    expect(ranked[0]).toBe(coffee.id);
    expect(ranked).toHaveLength(4);
  });

  it('segments Japanese and Korean the same way', async () => {
    const ja = await remember('cjk', 'コーヒーは砂糖なしのブラックで飲みます');
    const ko = await remember('cjk', '우리는 매주 금요일에 배포합니다');
    expect([ja.language, ko.language]).toEqual(['ja', 'ko']);
    expect(await found('cjk', '砂糖は入れますか')).toEqual([ja.id]);
    expect(await found('cjk', '금요일 배포')).toEqual([ko.id]);
  });

  it('detects the language in write_memory for callers that send none (supabase-js): CJK by script, else by stop words, else und', async () => {
    const write = async (subject: string, content: string) => {
      const contentHash = await sha256Hex(content);
      return h.store.withTenant({ tenantId: tenant.id, actor: 'test' }, (tx) =>
        tx.writeMemory({
          subject,
          kind: 'fact',
          content,
          content_hash: contentHash,
          tags: [],
          trust: 2,
          source: { type: 'user' },
          flags: [],
        }),
      );
    };
    const zh = (await write('rpc', '我女儿叫小雨，今年五岁')).memory;
    const es = (await write('rpc', 'Mis hijos juegan al fútbol todos los sábados por la mañana')).memory;
    const und = (await write('rpc', 'PostgreSQL 15 on Debian')).memory;
    expect([zh.language, es.language, und.language]).toEqual(['zh', 'es', 'und']);
    expect((await indexed(zh.id)).config).toBe('simple');
    expect((await indexed(es.id)).config).toBe('spanish');
    expect((await indexed(und.id)).config).toBe('simple');
    expect(await found('rpc', '你女儿几岁')).toEqual([zh.id]);
    expect(await found('rpc', '¿Cuándo juega mi hijo?')).toEqual([es.id]);
  });
});
