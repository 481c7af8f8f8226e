// `engram eval` end to end on PGlite with the local embedder: LoCoMo on the synthetic fixture in LoCoMo's format
// (test/fixtures, so that npm test never reads outside the repo), the memory suites on a tiny suite, and `eval all`:
// the files each writes, their shapes, and figures a broken lane could not reach.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.ts';
import { evalCommand, parseEvalFlags } from '../../src/cli/commands/eval.ts';
import { parseConfig } from '../../src/config/index.ts';
import { MINI_LOCOMO as DEV_FILE } from '../fixtures/suites.ts';
import { serverUrl } from '../support/databases.ts';

describe('eval flags', () => {
  it('needs the suite, --data and --out; --mode all compares the three lanes', () => {
    expect(parseEvalFlags(['locomo', '--data', 'f.json', '--out', 'o'])).toEqual({
      dataFile: 'f.json',
      outDir: 'o',
      modes: ['hybrid'],
      samples: undefined,
      compareLangGraph: false,
      oneSubjectFiller: null,
      quiet: false,
    });
    expect(parseEvalFlags(['locomo', '--data', 'f', '--out', 'o', '--one-subject']).oneSubjectFiller).toBe(
      9000,
    );
    expect(
      parseEvalFlags(['locomo', '--data', 'f', '--out', 'o', '--one-subject', '--filler', '50'])
        .oneSubjectFiller,
    ).toBe(50);
    expect(() => parseEvalFlags(['locomo', '--data', 'f', '--out', 'o', '--filler', '50'])).toThrow(
      /--one-subject/,
    );
    expect(
      parseEvalFlags(['locomo', '--data', 'f', '--out', 'o', '--compare', 'langgraph']).compareLangGraph,
    ).toBe(true);
    expect(() => parseEvalFlags(['locomo', '--data', 'f', '--out', 'o', '--compare', 'mem0'])).toThrow(
      /--compare/,
    );
    expect(parseEvalFlags(['locomo', '--data', 'f', '--out', 'o', '--mode', 'all']).modes).toEqual([
      'lexical',
      'vector',
      'hybrid',
    ]);
    expect(() => parseEvalFlags(['--data', 'f', '--out', 'o'])).toThrow(UsageError);
    expect(() => parseEvalFlags(['locomo', '--data', 'f'])).toThrow(UsageError);
    expect(() => parseEvalFlags(['locomo', '--data', 'f', '--out', 'o', '--mode', 'bm25'])).toThrow(/--mode/);
    expect(() => parseEvalFlags(['locomo', '--data', 'f', '--out', 'o', '--samples', '0'])).toThrow(
      UsageError,
    );
  });
});

describe('engram eval locomo on one conversation (48 turns, 15 questions)', () => {
  let out: string;
  const lines: string[] = [];
  type Metrics = {
    counts: {
      questions: number;
      scored: number;
      skippedNoGold: number;
      turns: number;
      degradedRecalls: number;
    };
    metrics: { headline: { questions: number; recall: Record<string, number>; mrr: number } };
  };
  const metricsOf = async (mode: string): Promise<Metrics> =>
    JSON.parse(await readFile(join(out, mode, 'metrics.json'), 'utf8'));

  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'engram-eval-'));
    await evalCommand(
      parseConfig({ ENGRAM_DATA_DIR: out }),
      ['locomo', '--data', DEV_FILE, '--out', out, '--mode', 'all', '--samples', '1', '--quiet'],
      (line) => lines.push(line),
    );
  }, 240_000);
  afterAll(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it('writes rankings keyed "<sample_id>|<qa_index>" for every question, in every mode', async () => {
    for (const mode of ['lexical', 'vector', 'hybrid']) {
      const rankings: Record<string, string[]> = JSON.parse(
        await readFile(join(out, mode, 'rankings.json'), 'utf8'),
      );
      const keys = Object.keys(rankings);
      const { counts } = await metricsOf(mode);
      expect(keys).toHaveLength(counts.questions);
      expect(keys[0]).toBe('mini-1|0');
      expect(keys.at(-1)).toBe(`mini-1|${counts.questions - 1}`);
      for (const ranking of Object.values(rankings))
        for (const id of ranking) expect(id).toMatch(/^D\d+:\d+$/);
    }
  });

  it('scores every question with gold, stores every turn and never degrades', async () => {
    const { counts } = await metricsOf('hybrid');
    expect(counts.turns).toBe(48);
    expect(counts.questions).toBe(15);
    // The last question's only evidence (D7:1) is no turn of the conversation; D:1:14 and "D3:1; D3:3" are usable.
    expect(counts.skippedNoGold).toBe(1);
    expect(counts.scored + counts.skippedNoGold).toBe(counts.questions);
    expect(counts.degradedRecalls).toBe(0);
  });

  it('finds gold in every lane, and the hybrid ranks at least as well as either lane alone', async () => {
    const [lexical, vector, hybrid] = await Promise.all(['lexical', 'vector', 'hybrid'].map(metricsOf));
    // A lane that returned arbitrary turns would score about 1/48 = 0.02 at R@1 (and 10/48 at R@10, near the
    // ceiling on a conversation this short: hence R@1 and MRR here rather than R@10).
    expect(lexical!.metrics.headline.recall['1']).toBeGreaterThan(0.3);
    expect(vector!.metrics.headline.recall['1']).toBeGreaterThan(0.2);
    const best = Math.max(lexical!.metrics.headline.mrr, vector!.metrics.headline.mrr);
    expect(hybrid!.metrics.headline.mrr).toBeGreaterThanOrEqual(best);
    expect(hybrid!.metrics.headline.recall['10']).toBeGreaterThanOrEqual(
      lexical!.metrics.headline.recall['10']!,
    );
  });

  it('writes a summary per mode and a comparison, and reports each lane on stdout', async () => {
    expect(await readFile(join(out, 'summary.md'), 'utf8')).toMatch(/\| hybrid \| \d+ \|/);
    expect(await readFile(join(out, 'hybrid', 'summary.md'), 'utf8')).toMatch(/categories 1-4/);
    expect(lines.filter((l) => /^(lexical|vector|hybrid): categories 1-4 R@10 /.test(l))).toHaveLength(3);
  });
});

describe('engram eval locomo --one-subject (every conversation in one subject, then filler)', () => {
  it('asks every question of every conversation in one subject and still finds its own gold', async () => {
    const out = await mkdtemp(join(tmpdir(), 'engram-eval-one-'));
    try {
      await evalCommand(
        parseConfig({ ENGRAM_DATA_DIR: out }),
        ['locomo', '--data', DEV_FILE, '--out', out, '--one-subject', '--filler', '40', '--quiet'],
        () => {},
      );
      const { counts, metrics } = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
      expect(counts.samples).toBe(1);
      expect(counts.questions).toBe(25);
      expect(counts.turns).toBeGreaterThan(48 + 40);
      const rankings: Record<string, string[]> = JSON.parse(
        await readFile(join(out, 'rankings.json'), 'utf8'),
      );
      expect(Object.keys(rankings)[0]).toBe('locomo-one-subject|0');
      // Arbitrary turns of a subject this size would score near 0 at R@1.
      expect(metrics.headline.recall['1']).toBeGreaterThan(0.2);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('engram eval locomo --compare langgraph', () => {
  it('refuses without DATABASE_URL: PostgresStore runs on PostgreSQL only', async () => {
    await expect(
      evalCommand(
        parseConfig({}),
        ['locomo', '--data', DEV_FILE, '--out', 'unused', '--compare', 'langgraph'],
        () => {},
      ),
    ).rejects.toThrow(/needs DATABASE_URL/);
  });
});

// On the real server only (DATABASE_URL): LangGraph.js PostgresStore on the same server, data and embedder.
describe.each(serverUrl ? [serverUrl] : [])('eval beside LangGraph PostgresStore on %s', (url) => {
  let out: string;
  const lines: string[] = [];
  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'engram-eval-lg-'));
    await evalCommand(
      parseConfig({ DATABASE_URL: url }),
      ['locomo', '--data', DEV_FILE, '--out', out, '--samples', '1', '--compare', 'langgraph', '--quiet'],
      (line) => lines.push(line),
    );
  }, 240_000);
  afterAll(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it("writes the store's rankings and metrics with the ratios, and the comparison table", async () => {
    const rankings: Record<string, string[]> = JSON.parse(
      await readFile(join(out, 'langgraph', 'rankings.json'), 'utf8'),
    );
    expect(Object.keys(rankings)).toHaveLength(15);
    const doc = JSON.parse(await readFile(join(out, 'langgraph', 'metrics.json'), 'utf8'));
    expect(doc.langgraph_postgres_store.recall_at_10).toBeGreaterThan(0.1);
    // Arbitrary turns would give an MRR of about 0.09 on 48 turns.
    expect(doc.langgraph_postgres_store.mrr).toBeGreaterThan(0.2);
    expect(doc.ratios.recall_at_10).toBeCloseTo(
      doc.engram_hybrid.recall_at_10 / doc.langgraph_postgres_store.recall_at_10,
      1,
    );
    expect(doc.langgraph_postgres_store.search_ms.n).toBe(15);
    // The interleaved pass asked all 15 questions of both.
    expect(doc.interleaved.engram_ms.n).toBe(15);
    expect(doc.interleaved.store_ms.n).toBe(15);
    expect(doc.interleaved.median_paired_ratio).toBeGreaterThan(0);
    expect(await readFile(join(out, 'comparison.md'), 'utf8')).toMatch(
      /\| PostgresStore.search \| 0\.\d{3} \|/,
    );
    expect(
      lines.some((l) => l.startsWith('langgraph PostgresStore: R@10 ') && l.includes('; interleaved p50 ')),
    ).toBe(true);
  });
});
