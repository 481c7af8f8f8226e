// `engram calibrate --intent` on an embedded data dir with the fake embedder: it needs no file, prints the cut it
// chose with what it does to the shipped example questions, and stores it as the model's query-level floor;
// `--dry-run` stores nothing. (The local blend's own cut is checked in test/embedding/sentence/intent-floor.test.ts.)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calibrateCommand, parseCalibrateFlags } from '../../src/cli/commands/calibrate.ts';
import { migrateCommand } from '../../src/cli/commands/migrate.ts';
import { parseConfig } from '../../src/config/index.ts';
import { openPglite } from '../../src/db/pglite-executor.ts';
import { createDeterministicEmbedder } from '../../src/embedding/deterministic.ts';
import { chooseIntentFloor } from '../../src/recall/query-intent.ts';
import { embedIntentExemplars } from '../../src/services/intent-exemplars.ts';

const MODEL = 'fake/deterministic-64@1';
const FAKE = { ENGRAM_EMBEDDER: 'fake', ENGRAM_EMBED_DIMENSIONS: '64' };

describe('engram calibrate --intent', () => {
  let dir: string;
  const run = async (argv: string[]) => {
    const lines: string[] = [];
    await calibrateCommand(parseConfig({ ENGRAM_DATA_DIR: dir, ...FAKE }), argv, (line) => lines.push(line));
    return lines;
  };
  const stored = async () => {
    const db = await openPglite(join(dir, 'pgdata'));
    try {
      const { rows } = await db.query<{ floor_intent: number | null }>(
        'select floor_intent from engram.active_embedding_model() where model = $1',
        [MODEL],
      );
      return rows[0]?.floor_intent ?? null;
    } finally {
      await db.close();
    }
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'engram-calibrate-intent-'));
    await migrateCommand(parseConfig({ ENGRAM_DATA_DIR: dir }), () => {});
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is a calibration on its own: no pairs file needed', () => {
    expect(parseCalibrateFlags(['--intent'])).toMatchObject({ intent: true, pairsFile: undefined });
  });

  it('--dry-run prints the cut and stores nothing; without it the cut is stored on the model', async () => {
    const expected = chooseIntentFloor(
      await embedIntentExemplars(createDeterministicEmbedder({ dimensions: 64 })),
    );
    const dry = await run(['--intent', '--dry-run']);
    const printed =
      /^query-level floor (-?[\d.]+): keeps ([\d.]+)% of the memory-seeking example questions, refuses ([\d.]+)% of the general ones/.exec(
        dry[0]!,
      );
    expect(printed, dry[0]).not.toBeNull();
    expect(Number(printed![1])).toBeCloseTo(expected.floor, 4);
    expect(Number(printed![2])).toBeCloseTo(expected.keptMemory * 100, 1);
    expect(dry.some((line) => line.startsWith('stored'))).toBe(false);

    const lines = await run(['--intent']);
    expect(lines.at(-1)).toBe(`stored on ${MODEL}`);
    expect(await stored()).toBeCloseTo(expected.floor, 5);
  });
});
