// runSuite end to end on PGlite with a tiny suite and the synthetic LoCoMo fixture as chat noise. The lexical lane
// is deterministic, so its figures are computed by hand below; the hybrid run checks the vector path is wired.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLocomo } from '../../../src/eval/locomo/dataset.ts';
import { parseSuite } from '../../../src/eval/suite/dataset.ts';
import { findResult } from '../../../src/eval/suite/report.ts';
import { runSuite, type SuiteRunResult } from '../../../src/eval/suite/run.ts';
import { evaluateWrite } from '../../../src/gate/index.ts';
import { MINI_LOCOMO, TINY_SUITE } from '../../fixtures/suites.ts';
import { migratedPglite } from '../../support/databases.ts';
import { openStoreFixture, type StoreFixture, testEmbedder } from '../../support/store-fixture.ts';

describe('runSuite on PGlite', () => {
  let fixture: StoreFixture;
  let result: SuiteRunResult;
  beforeAll(async () => {
    fixture = await openStoreFixture(() => migratedPglite(), 'suite-run');
    const chat = parseLocomo(JSON.parse(await readFile(MINI_LOCOMO, 'utf8')));
    result = await runSuite(
      parseSuite(TINY_SUITE),
      { modes: ['lexical', 'hybrid'], chat },
      {
        store: fixture.store,
        gate: evaluateWrite,
        embedder: testEmbedder,
        tenantId: fixture.tenantA,
        upkeep: () => fixture.db.exec('vacuum analyze engram.memories'),
      },
    );
  }, 120_000);
  afterAll(async () => {
    await fixture?.database.drop();
  });

  it('stores every memory in both columns and one whole conversation per user in the chat column', () => {
    expect(result.counts).toMatchObject({ users: 2, memories: 4, answerable: 4, noAnswer: 4 });
    expect(result.counts.writes).toEqual({
      chat: { created: 4, duplicate: 0, rejected: 0, superseded: 0 },
      clean: { created: 4, duplicate: 0, rejected: 0, superseded: 0 },
    });
    // User i gets conversation i: mini-1 has 48 turns, mini-2 has 20.
    expect(result.counts.chatOf).toEqual({ u1: 'mini-1', u2: 'mini-2' });
    expect(result.counts.chatTurns).toEqual({ min: 20, max: 48, total: 68 });
    expect(result.results.map((r) => `${r.column}/${r.mode}`)).toEqual([
      'chat/lexical',
      'clean/lexical',
      'chat/hybrid',
      'clean/hybrid',
    ]);
  });

  it('scores the clean lexical run as computed by hand', () => {
    const clean = findResult(result, 'clean', 'lexical')!;
    // Answerable: ranks 1, 1, none, 1.
    for (const view of ['default', 'limit3', 'ranking'] as const)
      expect(clean.scores.views[view].answerable).toEqual({
        questions: 4,
        hit1: 0.75,
        hit3: 0.75,
        hit10: 0.75,
        mrr: 0.75,
      });
    // No-answer: n1 and u2-n1 return nothing, n2 only the style preference, n3 the peanut memory.
    expect(clean.scores.views.default.noAnswer).toEqual({ questions: 4, empty: 0.75, noWrittenMemory: 0.75 });
    const n2 = clean.questions.find((q) => q.id === 'u1-n2')!;
    expect(n2.views.default).toEqual(['u1-m3']);
    expect(clean.questions.find((q) => q.id === 'u1-n3')!.views.default).toEqual(['u1-m1']);
    expect(clean.scores.byShape['near-topic']!.default.empty).toBe(0);
    expect(clean.scores.byDomain.health!.default).toMatchObject({ questions: 4, hit3: 0.75 });
  });

  it('returns chat turns beside the memories in the chat column, and says so', () => {
    const chat = findResult(result, 'chat', 'lexical')!;
    const q2 = chat.questions.find((q) => q.id === 'u1-q2')!;
    // mini-1 D2:6: "My sister Leila got engaged last weekend!"
    expect(q2.views.ranking).toContain('chat:D2:6');
    expect(q2.expected).toEqual([expect.objectContaining({ label: 'u1-m2', rank: q2.rank.ranking })]);
    expect(q2.expected[0]!.why?.lanes).toEqual(['lexical']);
    // mini-1 D3:2: "Did you keep it?": the chat column no longer comes back empty for "Please keep it short."
    const n2 = chat.questions.find((q) => q.id === 'u1-n2')!;
    expect(n2.views.default.some((label) => label.startsWith('chat:'))).toBe(true);
    expect(chat.questions.find((q) => q.id === 'u1-n1')!.views.default).toEqual([]);
    expect(chat.scores.views.default.noAnswer.empty).toBe(0.5);
  });

  it('asks each view within its limit, and the hybrid never degrades', () => {
    for (const r of result.results)
      for (const q of r.questions) {
        expect(q.views.limit1.length).toBeLessThanOrEqual(1);
        expect(q.views.limit3.length).toBeLessThanOrEqual(3);
        expect(q.views.default.length).toBeLessThanOrEqual(3);
      }
    expect(result.results.every((r) => r.degradedRecalls === 0)).toBe(true);
    const hybrid = findResult(result, 'clean', 'hybrid')!;
    expect(hybrid.recallMs.n).toBe(8);
    expect(hybrid.questions.find((q) => q.id === 'u2-q1')!.expected[0]!.why?.lanes).toContain('vector');
  });
});
