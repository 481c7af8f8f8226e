// POST /v1/recall with memories and queries beyond English, through the real app on every backend (issue 14, the
// parts that need no SQL change): the conflict filter in Chinese, Spanish and German, CJK and plural rule
// triggers, and rules reached only by a search lane coming back as `confirm`.
//
// A Chinese question finding a Chinese memory by a shared word in the lexical lane (CJK bigrams) is tested in
// lexical-languages.test.ts. These tests reach the memories through the vector lane of an uncalibrated model
// (which returns a subject's nearest memories, however far) and through the rules lane, which does not search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

interface RecallBody {
  items: { id: string }[];
  rules: { id: string; action: string }[];
}

describe.each(backends)('recall beyond English on $name', ({ open }) => {
  let database: TestDatabase;
  let calibratedDatabase: TestDatabase;
  let h: Harness;
  let calibrated: Harness;
  let key: string;
  let calibratedKey: string;

  const remember = async (subject: string, body: Record<string, unknown>, as = key, on = h) => {
    const res = await on.call('POST', '/v1/memories', { key: as, body: { subject, ...body } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { memory: { id: string; language: string } }).memory;
  };
  const recall = async (subject: string, body: Record<string, unknown>, as = key, on = h) => {
    const res = await on.call('POST', '/v1/recall', {
      key: as,
      body: { subject, budget: { max_items: 10 }, ...body },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as RecallBody;
  };
  const ids = (out: RecallBody) => out.items.map((i) => i.id);

  beforeAll(async () => {
    database = await open('recall_languages');
    h = await createHarness(database);
    key = (await h.tenant('polyglot')).key;
    // A calibrated model (one active model per database, so another database): vector evidence below 0.5 does
    // not count, and what passes is evidence enough to propose a rule.
    calibratedDatabase = await open('recall_languages_calibrated');
    calibrated = await createHarness(calibratedDatabase, { threshold: 0.5 });
    calibratedKey = (await calibrated.tenant('calibrated')).key;
  });
  afterAll(async () => {
    await database.drop();
    await calibratedDatabase.drop();
  });

  it('does not inject "我不吃香菜" when the user says "我今天想吃香菜", and does for a question', async () => {
    const memory = await remember('li', {
      kind: 'preference',
      content: '我不吃香菜',
      facet: '香菜',
      polarity: 'avoid',
      language: 'zh',
    });
    expect(ids(await recall('li', { query: '香菜好吃吗？' }))).toContain(memory.id);
    expect(ids(await recall('li', { query: '我今天不想吃香菜' }))).toContain(memory.id);
    expect(ids(await recall('li', { query: '我今天想吃香菜' }))).not.toContain(memory.id);
  });

  it('filters Spanish and German preferences the input contradicts, plurals included', async () => {
    const encanta = await remember('ana', {
      kind: 'preference',
      content: 'Me encanta el cilantro',
      facet: 'cilantro',
      polarity: 'prefer',
      language: 'es',
    });
    expect(ids(await recall('ana', { query: '¿el taco lleva cilantro?' }))).toContain(encanta.id);
    expect(ids(await recall('ana', { query: 'hoy no quiero cilantro' }))).not.toContain(encanta.id);

    const erdnuss = await remember('jonas', {
      kind: 'preference',
      content: 'Ich esse keine Erdnüsse',
      facet: 'Erdnuss',
      polarity: 'avoid',
      language: 'de',
    });
    expect(erdnuss.language).toBe('de');
    expect(ids(await recall('jonas', { query: 'Was gibt es heute?' }))).toContain(erdnuss.id);
    expect(ids(await recall('jonas', { query: 'Ich möchte heute Erdnüsse' }))).not.toContain(erdnuss.id);
  });

  it('fires a CJK trigger inside unspaced text, and a singular trigger on its plural', async () => {
    const soda = await remember('li', {
      kind: 'rule',
      content: '汽水放在零食区',
      trigger: '汽水',
      confidence: 0.95,
    });
    const softDrink = await remember('li', {
      kind: 'rule',
      content: 'put soft drinks under Snacks',
      trigger: 'soft drink',
      confidence: 0.95,
    });
    const zh = await recall('li', { query: '我买了两瓶汽水' });
    expect(zh.rules).toEqual([expect.objectContaining({ id: soda.id, action: 'apply' })]);
    expect(ids(zh)).not.toContain(soda.id);
    const en = await recall('li', { query: 'Where do the Soft Drinks go?' });
    expect(en.rules).toEqual([expect.objectContaining({ id: softDrink.id, action: 'apply' })]);
  });

  it('returns a rule only the vector lane reached as confirm, never apply', async () => {
    const snacks = await remember(
      'sam',
      { kind: 'rule', content: 'soft drinks go under snacks', trigger: 'fizzy pop', confidence: 0.99 },
      calibratedKey,
      calibrated,
    );
    const query = { query: 'drinks under snacks today', mode: 'vector' };
    const out = await recall('sam', query, calibratedKey, calibrated);
    expect(out.rules).toEqual([expect.objectContaining({ id: snacks.id, action: 'confirm' })]);
    expect(ids(out)).not.toContain(snacks.id);
    // With its trigger in the query, the same rule applies.
    const fired = await recall('sam', { query: 'fizzy pop under snacks' }, calibratedKey, calibrated);
    expect(fired.rules).toEqual([expect.objectContaining({ id: snacks.id, action: 'apply' })]);
    // Far from the query, it is not proposed at all.
    const far = await recall('sam', { query: 'weather tomorrow', mode: 'vector' }, calibratedKey, calibrated);
    expect(far.rules).toEqual([]);
  });
});
