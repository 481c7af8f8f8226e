// `engram calibrate --merge-pairs` end to end on an embedded data dir with the fake embedder configured as an
// operator would: it prints the figures, stores the threshold it chose (or clears it), and the app then merges a
// near-duplicate write and keeps a different one.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.ts';
import { calibrateCommand, parseCalibrateFlags } from '../../src/cli/commands/calibrate.ts';
import { migrateCommand } from '../../src/cli/commands/migrate.ts';
import { parseConfig } from '../../src/config/index.ts';
import { openPglite } from '../../src/db/pglite-executor.ts';
import { createHarness, type Harness } from '../support/harness.ts';

const MODEL = 'fake/deterministic-64@1';
const FAKE = { ENGRAM_EMBEDDER: 'fake', ENGRAM_EMBED_DIMENSIONS: '64' };

describe('calibrate flags', () => {
  it('takes --pairs, --merge-pairs or both; --floor needs --pairs', () => {
    expect(parseCalibrateFlags(['--merge-pairs', 'm.jsonl'])).toMatchObject({
      pairsFile: undefined,
      mergePairsFile: 'm.jsonl',
    });
    expect(parseCalibrateFlags(['--pairs', 'p.jsonl', '--merge-pairs', 'm.jsonl'])).toMatchObject({
      pairsFile: 'p.jsonl',
      mergePairsFile: 'm.jsonl',
    });
    expect(() => parseCalibrateFlags([])).toThrow(UsageError);
    expect(() => parseCalibrateFlags(['--merge-pairs', 'm.jsonl', '--floor'])).toThrow(
      /--floor needs --pairs/,
    );
  });
});

describe('engram calibrate --merge-pairs on an embedded data dir', () => {
  let dir: string;
  const run = async (argv: string[]) => {
    const lines: string[] = [];
    await calibrateCommand(parseConfig({ ENGRAM_DATA_DIR: dir, ...FAKE }), argv, (line) => lines.push(line));
    return lines;
  };
  const pairsFile = async (name: string, pairs: object[]) => {
    const file = join(dir, name);
    await writeFile(file, pairs.map((pair) => JSON.stringify(pair)).join('\n'));
    return file;
  };
  /** Opens the data dir as the server does and runs `work` on a real app over it (the fake embedder of the CLI). */
  const withApp = async <T>(work: (h: Harness, threshold: () => Promise<number | null>) => Promise<T>) => {
    const db = await openPglite(join(dir, 'pgdata'));
    try {
      const h = await createHarness({ db, drop: () => db.close() });
      const threshold = async () => {
        const { rows } = await db.query<{ merge_threshold: number | null }>(
          'select merge_threshold from engram.embedding_models where model = $1',
          [MODEL],
        );
        return rows[0]?.merge_threshold ?? null;
      };
      return await work(h, threshold);
    } finally {
      await db.close();
    }
  };
  const write = async (h: Harness, key: string, content: string) => {
    const res = await h.call('POST', '/v1/memories', {
      key,
      body: { subject: 'cal', kind: 'preference', content },
    });
    expect(res.status).toBeLessThan(300);
    return (await res.json()) as { memory: { id: string }; gate: { decision: string } };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'engram-calibrate-merge-'));
    await migrateCommand(parseConfig({ ENGRAM_DATA_DIR: dir }), () => {});
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // The fake embedder is a bag of hashed token vectors: a restatement here is the same words and one more, a
  // different memory shares a word or two (the local model's real figures: docs/benchmarks/merge-threshold.md).
  const separable = [
    ['Drinks green tea every morning', 'Drinks green tea every single morning', true],
    ['Likes long walks along the river', 'Likes long quiet walks along the river', true],
    ['Reads crime novels before sleeping', 'Reads crime novels before sleeping at night', true],
    ['Plays chess with friends online', 'Plays chess with old friends online', true],
    ['Prefers trains over planes for travel', 'Prefers trains over planes for all travel', true],
    ['Drinks green tea every morning', 'Drinks black coffee after lunch', false],
    ['Likes long walks along the river', 'Likes swimming in the lake', false],
    ['Reads crime novels before sleeping', 'Writes poems before breakfast', false],
    ['Plays chess with friends online', 'Plays football with colleagues', false],
    ['Prefers trains over planes for travel', 'Prefers hotels near the station', false],
  ].map(([stored, incoming, merge]) => ({ stored, incoming, merge, kind: 'preference' }));

  it('chooses, prints and stores a threshold; then a near-duplicate write merges and a different one does not', async () => {
    const lines = await run(['--merge-pairs', await pairsFile('separable.jsonl', separable)]);
    expect(lines[0]).toMatch(
      new RegExp(`^${MODEL.replace(/[./]/g, '\\$&')}: 10 merge pairs \\(5 restatements\\), ROC AUC 1\\.000$`),
    );
    const printed =
      /^merge threshold (-?[\d.]+): precision 1\.000, recall 1\.000 \(5 merged, 0 wrongly\)$/.exec(lines[1]!);
    expect(printed, lines[1]).not.toBeNull();
    expect(lines.at(-1)).toBe(`stored on ${MODEL}`);
    await withApp(async (h, threshold) => {
      expect(await threshold()).toBeCloseTo(Number(printed![1]), 4);
      const { key } = await h.tenant('cal');
      const first = await write(h, key, 'Drinks green tea every morning');
      const again = await write(h, key, 'Drinks green tea every single morning');
      expect(again.gate.decision).toBe('merged');
      expect(again.memory.id).toBe(first.memory.id);
      const other = await write(h, key, 'Drinks black coffee after lunch');
      expect(other.gate.decision).toBe('accepted');
      expect(other.memory.id).not.toBe(first.memory.id);
    });
  });

  it('--dry-run prints and stores nothing; pairs that support no threshold clear the stored one', async () => {
    const before = await withApp((_, threshold) => threshold());
    expect(before).not.toBeNull();
    // Word order is all these differ by: the bag of tokens scores the different memories 1, like the restatements.
    const inseparable = [
      ...separable.filter((pair) => pair.merge),
      { stored: 'Prefers tea over coffee', incoming: 'Prefers coffee over tea', merge: false },
      { stored: 'Likes cats more than dogs', incoming: 'Likes dogs more than cats', merge: false },
    ];
    const file = await pairsFile('inseparable.jsonl', inseparable);
    const dry = await run(['--merge-pairs', file, '--dry-run']);
    expect(dry[1]).toMatch(/^merge threshold: none \(no similarity reaches merge precision 0\.98/);
    expect(dry.some((line) => line.startsWith('stored'))).toBe(false);
    expect(await withApp((_, threshold) => threshold())).toBeCloseTo(before!, 6);

    const lines = await run(['--merge-pairs', file]);
    expect(lines.at(-1)).toBe(`stored on ${MODEL}`);
    await withApp(async (h, threshold) => {
      expect(await threshold()).toBeNull();
      const { key } = await h.tenant('cal2');
      await write(h, key, 'Likes long walks along the river');
      expect((await write(h, key, 'Likes long quiet walks along the river')).gate.decision).toBe('accepted');
    });
  });
});
