// The memory-suite file format, and the shipped data holding to what each suite claims to measure.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isAnswerable,
  parseSuite,
  SUITE_FILES,
  SuiteDataError,
  type SuiteUser,
} from '../../../src/eval/suite/dataset.ts';

const lines = (...rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n');
const user = { type: 'user', id: 'u1' };
const memory = (id: string, extra: object = {}) => ({
  type: 'memory',
  user: 'u1',
  id,
  domain: 'diet',
  kind: 'fact',
  content: `memory ${id}`,
  ...extra,
});
const question = (id: string, answers: string[], extra: object = {}) => ({
  type: 'question',
  user: 'u1',
  id,
  shape: 'direct',
  query: `question ${id}`,
  answers,
  ...extra,
});

describe('parseSuite', () => {
  it('groups memories and questions under their user, in file order', () => {
    const users = parseSuite(
      `${lines(user, memory('m1'), question('q1', ['m1']), memory('m2', { applies_always: true }), question('n1', []))}\n\n`,
    );
    expect(users).toHaveLength(1);
    expect(users[0]!.memories.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(users[0]!.questions.map((q) => [q.id, isAnswerable(q)])).toEqual([
      ['q1', true],
      ['n1', false],
    ]);
  });

  it.each([
    ['a line that is not JSON', `${lines(user)}\n{oops`, /line 2: not JSON/],
    ['an unknown field', lines(user, memory('m1', { colour: 'red' })), /line 2: .*colour/],
    [
      'an episode (chat turns come from LoCoMo)',
      lines(user, memory('m1', { kind: 'episode' })),
      /line 2: kind/,
    ],
    ['a user declared later', lines(memory('m1'), user), /line 1: user u1 is not declared above/],
    ['an id used twice', lines(user, memory('m1'), question('m1', [])), /id m1 is used twice/],
    [
      'an answer that is no memory of the user',
      lines(user, question('q1', ['m9'])),
      /answer m9 is not a memory/,
    ],
    ['a rule without a trigger', lines(user, memory('m1', { kind: 'rule' })), /a rule needs a trigger/],
    [
      'two memories on one facet (the second would supersede the first)',
      lines(
        user,
        memory('m1', { facet: 'nuts', polarity: 'avoid' }),
        memory('m2', { facet: 'nuts', polarity: 'prefer' }),
      ),
      /memory m2: user u1 already has facet nuts/,
    ],
    [
      'two memories with one key',
      lines(user, memory('m1', { key: 'job' }), memory('m2', { key: 'job' })),
      /key job/,
    ],
  ])('refuses %s', (_name, text, message) => {
    expect(() => parseSuite(text)).toThrow(SuiteDataError);
    expect(() => parseSuite(text)).toThrow(message);
  });
});

const load = async (suite: keyof typeof SUITE_FILES) =>
  parseSuite(await readFile(fileURLToPath(SUITE_FILES[suite]), 'utf8'));
const answerable = (users: SuiteUser[]) => users.flatMap((u) => u.questions.filter(isAnswerable));
const memoryOf = (users: SuiteUser[]) => new Map(users.flatMap((u) => u.memories.map((m) => [m.id, m])));

describe('the lived-in data', () => {
  let users: SuiteUser[];
  let db: PGlite;
  beforeAll(async () => {
    users = await load('lived-in');
    db = new PGlite();
  });
  afterAll(async () => {
    await db.close();
  });

  it('has 150+ answerable questions, 12+ in each of the ten domains, and 50+ that no memory answers', () => {
    const perDomain = new Map<string, number>();
    for (const q of answerable(users)) perDomain.set(q.domain!, (perDomain.get(q.domain!) ?? 0) + 1);
    expect(answerable(users).length).toBeGreaterThanOrEqual(150);
    expect([...perDomain.keys()].sort()).toEqual(
      ['diet', 'family', 'health', 'home', 'money', 'schedule', 'style', 'tools', 'travel', 'work'].sort(),
    );
    for (const n of perDomain.values()) expect(n).toBeGreaterThanOrEqual(12);
    expect(users.flatMap((u) => u.questions.filter((q) => !isAnswerable(q))).length).toBeGreaterThanOrEqual(
      50,
    );
  });

  it('gives every user several memories to compete with, some of them answering no question', () => {
    for (const u of users) expect(u.memories.length).toBeGreaterThanOrEqual(15);
    const answers = new Set(answerable(users).flatMap((q) => q.answers));
    expect(users.flatMap((u) => u.memories).filter((m) => !answers.has(m.id)).length).toBeGreaterThan(0);
  });

  // The suite measures paraphrase: with PostgreSQL's English stemming (what the lexical lane indexes), no question
  // shares a word with the memories that answer it. An edit that adds a shared keyword fails here.
  it('has no question that shares an English lexeme with a memory that answers it', async () => {
    const pairs = answerable(users).flatMap((q) =>
      q.answers.map((id) => ({ q, m: memoryOf(users).get(id)! })),
    );
    const texts = pairs.flatMap(({ q, m }) => [q.query, `${m.content} ${(m.tags ?? []).join(' ')}`]);
    // One query for every text: the lexemes of text i, as PostgreSQL's English configuration indexes them.
    const { rows } = await db.query<{ i: number; w: string }>(
      `select i::int, unnest(tsvector_to_array(to_tsvector('english', t))) as w
         from unnest($1::text[]) with ordinality as x(t, i)`,
      [texts],
    );
    const lexemes = texts.map(() => new Set<string>());
    expect(new Set(rows.map((r) => r.i)).size).toBe(texts.length);
    for (const r of rows) lexemes[r.i - 1]!.add(r.w);
    const shared = pairs.flatMap(({ q, m }, i) =>
      [...lexemes[2 * i]!].filter((w) => lexemes[2 * i + 1]!.has(w)).map((w) => `${q.id}/${m.id}: ${w}`),
    );
    expect(shared).toEqual([]);
  });
});

describe('the Chinese data', () => {
  it('has 60+ questions, each sharing its declared words with the memory that answers it, some mixed with English', async () => {
    const users = await load('chinese');
    const memories = memoryOf(users);
    const questions = answerable(users);
    expect(questions.length).toBeGreaterThanOrEqual(60);
    for (const q of questions) {
      expect(q.shared?.length, q.id).toBeGreaterThan(0);
      for (const word of q.shared!) {
        expect(q.query, q.id).toContain(word);
        expect(memories.get(q.answers[0]!)!.content, q.id).toContain(word);
      }
    }
    const mixed = questions.filter((q) => /[A-Za-z]/.test(memories.get(q.answers[0]!)!.content));
    expect(mixed.length).toBeGreaterThanOrEqual(5);
  });
});
