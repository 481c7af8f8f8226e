// `engram eval lived-in | chinese | all` on PGlite with tiny inputs: flags, the files each writes, and that the
// side-by-side table carries exactly the figures of each suite's own metrics.json.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.ts';
import { evalCommand } from '../../src/cli/commands/eval.ts';
import { parseSuiteFlags } from '../../src/cli/commands/eval-suites.ts';
import { parseConfig } from '../../src/config/index.ts';
import { MINI_LOCOMO, TINY_SUITE } from '../fixtures/suites.ts';

describe('suite flags', () => {
  it('defaults each suite to its modes and data, and refuses what does not apply', () => {
    expect(parseSuiteFlags(['lived-in', '--locomo', 'l.json', '--out', 'o'])).toEqual({
      suite: 'lived-in',
      dataFiles: { 'lived-in': undefined },
      locomoFile: 'l.json',
      outDir: 'o',
      modes: ['hybrid'],
      label: 'this run',
      quiet: false,
    });
    expect(parseSuiteFlags(['chinese', '--out', 'o']).modes).toEqual(['lexical', 'hybrid']);
    expect(parseSuiteFlags(['chinese', '--out', 'o', '--data', 'x.jsonl', '--mode', 'vector'])).toMatchObject(
      {
        dataFiles: { chinese: 'x.jsonl' },
        modes: ['vector'],
      },
    );
    expect(
      parseSuiteFlags(['all', '--locomo', 'l', '--out', 'o', '--lived-in', 'h.jsonl', '--label', 'step 1']),
    ).toMatchObject({
      dataFiles: { 'lived-in': 'h.jsonl', chinese: undefined },
      modes: ['lexical', 'vector', 'hybrid'],
      label: 'step 1',
    });
    expect(() => parseSuiteFlags(['lived-in', '--out', 'o'])).toThrow(/needs --locomo/);
    expect(() => parseSuiteFlags(['all', '--out', 'o'])).toThrow(/needs --locomo/);
    expect(() => parseSuiteFlags(['chinese', '--out', 'o', '--locomo', 'l'])).toThrow(/no --locomo/);
    expect(() => parseSuiteFlags(['chinese', '--locomo', 'l'])).toThrow(/--out is required/);
    expect(() => parseSuiteFlags(['all', '--locomo', 'l', '--out', 'o', '--data', 'x'])).toThrow(
      /--lived-in/,
    );
    expect(() => parseSuiteFlags(['chinese', '--out', 'o', '--label', 'x'])).toThrow(
      /--label is for eval all/,
    );
    expect(() => parseSuiteFlags(['chinese', '--out', 'o', '--chinese', 'x'])).toThrow(/are for eval all/);
    expect(() => parseSuiteFlags(['chinese', '--out', 'o', '--mode', 'bm25'])).toThrow(/--mode/);
    expect(() => parseSuiteFlags(['mandarin', '--out', 'o'])).toThrow(UsageError);
  });
});

describe('engram eval chinese --mode lexical on a tiny suite (no embedder)', () => {
  let out: string;
  const lines: string[] = [];
  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'engram-eval-suite-'));
    const data = join(out, 'tiny.jsonl');
    await writeFile(data, TINY_SUITE);
    await evalCommand(
      parseConfig({ ENGRAM_DATA_DIR: out }),
      ['chinese', '--data', data, '--out', out, '--mode', 'lexical', '--quiet'],
      (line) => lines.push(line),
    );
  }, 120_000);
  afterAll(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it('writes metrics.json with the figures computed by hand (see test/fixtures/suites.ts)', async () => {
    const doc = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(doc.protocol).toBe('engram-memory-suite@1');
    expect(doc.run.embedder).toBe('none');
    expect(doc.results).toHaveLength(1);
    expect(doc.results[0]).toMatchObject({
      column: 'clean',
      mode: 'lexical',
      headline: { answerable: 4, hit1: 0.75, hit3: 0.75, mrr: 0.75, noAnswer: 4, empty: 0.75 },
    });
    expect(lines).toContain(
      `chinese clean lexical: hit@1 0.750, hit@3 0.750, MRR 0.750 (4 questions); no-answer returned no memory 0.750 (4) -> ${out}`,
    );
  });

  it('writes the rankings of every question and a summary', async () => {
    const rankings = JSON.parse(await readFile(join(out, 'rankings.json'), 'utf8'));
    expect(Object.keys(rankings)).toEqual(['clean/lexical']);
    expect(Object.keys(rankings['clean/lexical'])).toHaveLength(8);
    expect(rankings['clean/lexical']['u1-q1']).toMatchObject({ rank: { default: 1, ranking: 1 } });
    const summary = await readFile(join(out, 'summary.md'), 'utf8');
    expect(summary).toContain('| clean | lexical | 4 | 0.750 | 0.750 | 0.750 | 4 | 0.750 |');
  });
});

describe('engram eval all on the fixture and a tiny suite', () => {
  let out: string;
  const lines: string[] = [];
  const json = async (...path: string[]) => JSON.parse(await readFile(join(out, ...path), 'utf8'));
  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'engram-eval-all-'));
    const data = join(out, 'tiny.jsonl');
    await writeFile(data, TINY_SUITE);
    await evalCommand(
      parseConfig({ ENGRAM_DATA_DIR: out }),
      [
        'all',
        '--locomo',
        MINI_LOCOMO,
        '--out',
        out,
        '--lived-in',
        data,
        '--chinese',
        data,
        '--label',
        'test',
      ],
      (line) => lines.push(line),
    );
  }, 240_000);
  afterAll(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it('runs LoCoMo in every mode and both suites in every mode, each in its folder', async () => {
    expect(await readFile(join(out, 'locomo', 'summary.md'), 'utf8')).toMatch(/\| hybrid \| \d+ \|/);
    const livedIn = await json('lived-in', 'metrics.json');
    expect(livedIn.results.map((r: { column: string; mode: string }) => `${r.column}/${r.mode}`)).toEqual([
      'chat/lexical',
      'clean/lexical',
      'chat/vector',
      'clean/vector',
      'chat/hybrid',
      'clean/hybrid',
    ]);
    expect(livedIn.counts.chatTurns).toEqual({ min: 20, max: 48, total: 68 });
    const chinese = await json('chinese', 'metrics.json');
    expect(chinese.counts.chatTurns).toBeNull();
    expect(chinese.results).toHaveLength(3);
  });

  it("writes one row with each suite's own headline figures", async () => {
    const row = await json('summary.json');
    const locomo = await json('locomo', 'hybrid', 'metrics.json');
    const livedIn = await json('lived-in', 'metrics.json');
    const chinese = await json('chinese', 'metrics.json');
    const headline = (doc: typeof livedIn, column: string, mode: string) =>
      doc.results.find((r: { column: string; mode: string }) => r.column === column && r.mode === mode)
        .headline;
    expect(row).toEqual({
      label: 'test',
      locomo: { recallAt10: locomo.metrics.headline.recall['10'], mrr: locomo.metrics.headline.mrr },
      livedIn: { chat: headline(livedIn, 'chat', 'hybrid'), clean: headline(livedIn, 'clean', 'hybrid') },
      chinese: {
        lexicalHit3: headline(chinese, 'clean', 'lexical').hit3,
        hybridHit3: headline(chinese, 'clean', 'hybrid').hit3,
      },
    });
    expect(headline(chinese, 'clean', 'lexical').hit3).toBe(0.75);
    const table = await readFile(join(out, 'summary.md'), 'utf8');
    const cells = table
      .split('\n')
      .find((l) => l.startsWith('| test |'))!
      .split('|')
      .slice(2, -1);
    expect(cells).toHaveLength(11);
    for (const cell of cells) expect(cell.trim()).toMatch(/^[01]\.\d{3}$/);
    expect(lines.some((l) => l.startsWith('| test |'))).toBe(true);
  });
});
