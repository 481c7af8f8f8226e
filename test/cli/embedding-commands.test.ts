// `engram backfill`, `engram reembed` and `engram calibrate` end to end on an embedded data dir, with the fake
// embedder configured through the environment as an operator would; and their flag parsing.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.ts';
import { backfillCommand, parseBackfillFlags } from '../../src/cli/commands/backfill.ts';
import { calibrateCommand, defaultPlotPath, parseCalibrateFlags } from '../../src/cli/commands/calibrate.ts';
import { migrateCommand } from '../../src/cli/commands/migrate.ts';
import { parseReembedFlags, reembedCommand } from '../../src/cli/commands/reembed.ts';
import { type EngramConfig, parseConfig } from '../../src/config/index.ts';
import { openPglite } from '../../src/db/pglite-executor.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { seedMemories } from '../support/memory-fixtures.ts';

describe('embedding job flags', () => {
  it('backfill: defaults, bounds and --retry-failed', () => {
    expect(parseBackfillFlags([])).toEqual({
      options: { batchSize: 100, maxBatches: undefined, deadlineMs: undefined, maxAttempts: 5 },
      retryFailed: false,
      embedTimeoutMs: 30_000,
    });
    expect(
      parseBackfillFlags(['--max-seconds', '20', '--retry-failed', '--max-attempts', '3']),
    ).toMatchObject({
      options: { deadlineMs: 20_000, maxAttempts: 3 },
      retryFailed: true,
    });
    expect(() => parseBackfillFlags(['--batch-size', '0'])).toThrow(UsageError);
    expect(() => parseBackfillFlags(['--batch-size', '1e3'])).toThrow(UsageError);
    expect(() => parseBackfillFlags(['now'])).toThrow(UsageError);
  });

  it('reembed: needs --model; --cutover forces, --no-cutover only fills', () => {
    expect(parseReembedFlags(['--model', 'm']).options.cutover).toBe('auto');
    expect(parseReembedFlags(['--model', 'm', '--cutover']).options.cutover).toBe('force');
    expect(parseReembedFlags(['--model', 'm', '--no-cutover']).options.cutover).toBe('never');
    expect(() => parseReembedFlags([])).toThrow(UsageError);
    expect(() => parseReembedFlags(['--model', 'm', '--cutover', '--no-cutover'])).toThrow(/exclude/);
  });

  it('calibrate: needs --pairs; the default plot goes to the data dir, one file per model', () => {
    expect(parseCalibrateFlags(['--pairs', 'p.jsonl'])).toMatchObject({
      pairsFile: 'p.jsonl',
      dryRun: false,
    });
    expect(() => parseCalibrateFlags([])).toThrow(UsageError);
    expect(defaultPlotPath('/data', 'openai/text-embedding-3-small@1536')).toBe(
      join('/data', 'calibration', 'openai_text-embedding-3-small_1536.svg'),
    );
  });
});

describe('embedding job commands on an embedded data dir', () => {
  let dir: string;
  let config: EngramConfig;
  const fake = (dimensions: number) => ({
    ENGRAM_EMBEDDER: 'fake',
    ENGRAM_EMBED_DIMENSIONS: String(dimensions),
  });
  const run = async (
    command: typeof backfillCommand,
    argv: string[],
    env: Record<string, string>,
  ): Promise<string[]> => {
    // The embedder is part of the one configuration, as the CLI parses it from the environment.
    const lines: string[] = [];
    await command(parseConfig({ ENGRAM_DATA_DIR: dir, ...env }), argv, (line) => lines.push(line));
    return lines;
  };
  const models = async () => {
    const db = await openPglite(join(dir, 'pgdata'));
    try {
      return await createSqlStore(db).withOperator((op) => op.listEmbeddingModels());
    } finally {
      await db.close();
    }
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'engram-embed-cli-'));
    config = parseConfig({ ENGRAM_DATA_DIR: dir });
    await migrateCommand(config, () => {});
    const db = await openPglite(join(dir, 'pgdata'));
    const tenant = await createSqlStore(db).withOperator((op) => op.createTenant('t'));
    await seedMemories(db, tenant, 25);
    await db.close();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('backfill embeds the pending memories and prints progress without content', async () => {
    const lines = await run(backfillCommand, ['--batch-size', '10'], fake(8));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^backfill embed fake\/deterministic-8@1: batch 1, 10 rows, 10 in /);
    expect(lines[3]).toMatch(/^backfill fake\/deterministic-8@1: 25 embedded in 3 batches/);
    expect(lines.join('\n')).not.toMatch(/code word/);
    expect(await models()).toMatchObject([{ model: 'fake/deterministic-8@1', status: 'active' }]);
  });

  it('reembed refuses a --model that is not the configured embedder', async () => {
    await expect(run(reembedCommand, ['--model', 'fake/deterministic-12@1'], fake(8))).rejects.toThrow(
      /not the configured embedder/,
    );
  });

  it('reembed moves reads to the configured new model', async () => {
    const lines = await run(
      reembedCommand,
      ['--model', 'fake/deterministic-12@1', '--batch-size', '10'],
      fake(12),
    );
    expect(lines).toContain('reads now use fake/deterministic-12@1 (was fake/deterministic-8@1)');
    expect(lines).toContain('coverage 25/25 live memories');
    expect(lines.some((line) => line.startsWith('reembed switch fake/deterministic-12@1'))).toBe(true);
    expect(await models()).toMatchObject([
      { model: 'fake/deterministic-8@1', status: 'retired' },
      { model: 'fake/deterministic-12@1', status: 'active' },
    ]);
  });

  it('calibrate stores threshold, precision, recall and the plot path on the model', async () => {
    const pairsFile = join(dir, 'pairs.jsonl');
    await writeFile(
      pairsFile,
      [
        { query: 'what does Alice drink', memory: 'Alice drinks tea', relevant: true },
        { query: 'Alice tea', memory: 'Alice drinks tea', relevant: true },
        { query: 'what car does Bob drive', memory: 'Alice drinks tea', relevant: false },
        { query: 'Bob car', memory: 'Bob drives a red car', relevant: true },
        { query: 'weather tomorrow', memory: 'Bob drives a red car', relevant: false },
      ]
        .map((pair) => JSON.stringify(pair))
        .join('\n'),
    );
    const plot = join(dir, 'plot.svg');
    const lines = await run(calibrateCommand, ['--pairs', pairsFile, '--plot', plot], fake(12));
    expect(lines[0]).toMatch(/^fake\/deterministic-12@1: 5 pairs \(3 relevant\), ROC AUC /);
    expect(lines).toContain(`plot: ${plot}`);
    expect(await readFile(plot, 'utf8')).toMatch(/^<svg/);
    const threshold = Number(/^threshold (-?[\d.]+):/.exec(lines[1]!)?.[1]);
    const stored = (await models()).find((m) => m.model === 'fake/deterministic-12@1');
    expect(stored?.threshold).toBeCloseTo(threshold, 4);
    expect(stored?.thresholdPrecision).toBeGreaterThan(0);
    expect(stored?.thresholdRecall).toBeGreaterThan(0);
    expect(stored?.calibrationPlot).toBe(plot);
    expect(stored?.calibratedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
