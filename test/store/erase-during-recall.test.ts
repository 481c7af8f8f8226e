// Erasing a subject while it is being recalled (issue 15, item 3), through the real app on every backend: the
// erasure wins. No call answers 5xx (erasures raced by recall bookkeeping died in a deadlock, 7 of 20), and once an
// erasure has answered, no recall event names the subject (bookkeeping that committed after it left 229 rows).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

const ROUNDS = 8;
const RECALLS = 8;

describe.each(backends)('erase during recall on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let tenant: { id: string; key: string };
  const bookkeeping: Promise<unknown>[] = [];

  beforeAll(async () => {
    database = await open('erase_recall');
    // Bookkeeping runs after the answer: collect it, so the test can wait for every last write of it.
    h = await createHarness(database, {
      parts: { defer: (work) => void bookkeeping.push(work.catch((e: unknown) => e)) },
    });
    tenant = await h.tenant('acme');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('every erasure succeeds, no call is a 5xx, and no recall event of the subject survives it', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const subject = `racer-${round}`;
      for (let i = 0; i < 6; i++) {
        const res = await h.call('POST', '/v1/memories', {
          key: tenant.key,
          body: { kind: 'fact', subject, content: `racer ${round} owns bicycle number ${i}` },
        });
        expect(res.status).toBe(201);
      }
      const recall = () =>
        h
          .call('POST', '/v1/recall', { key: tenant.key, body: { subject, query: 'which bicycle?' } })
          .then((r) => r.status);
      const before = Array.from({ length: RECALLS }, recall);
      const erase = new Promise((r) => setTimeout(r, round % 4)).then(() =>
        h.call('DELETE', `/v1/subjects/${subject}`, { key: tenant.key }),
      );
      const after = Array.from({ length: RECALLS / 2 }, recall);
      const erased = await erase;
      expect(erased.status, `erase of round ${round}`).toBe(200);
      statuses.push(...(await Promise.all([...before, ...after])));
      await Promise.all(bookkeeping.splice(0));
      // Bookkeeping of recalls that started before the erasure answered must not bring the subject back.
      const { rows } = await database.db.query<{ n: number }>(
        'select count(*)::int as n from engram.recall_events where subject = $1',
        [subject],
      );
      expect(rows[0]!.n, `recall events of ${subject} after its erasure`).toBe(0);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(bookkeeping).toEqual([]);
  });
});
