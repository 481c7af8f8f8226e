// A smoke run of `engram bench`'s engine on PGlite: small corpora, random and local-model vectors, the report files.
// The figures here are not benchmarks (speed targets live in docs/benchmarks); the shapes and invariants are.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runRecallBench, type SizeResult } from '../../src/bench/recall-bench.ts';
import { writeBenchReport } from '../../src/bench/report.ts';
import { readMigrations } from '../../src/db/migration-files.ts';
import { openPglite } from '../../src/db/pglite-executor.ts';
import { createLocalEmbedder } from '../../src/embedding/local/index.ts';
import { evaluateWrite } from '../../src/gate/index.ts';

const results: SizeResult[] = [];
const dirs: string[] = [];

async function bench(size: number, extra: { dims?: number; local?: boolean; throughput?: boolean }) {
  const progress: string[] = [];
  const result = await runRecallBench({
    size,
    dims: extra.dims ?? 16,
    subjects: 8,
    tenants: 2,
    queries: 5,
    migrations: await readMigrations(),
    gate: evaluateWrite,
    onProgress: (line) => progress.push(line),
    embedder: extra.local ? await createLocalEmbedder({ onProgress: () => {} }) : undefined,
    throughput: extra.throughput ? { ingest: 120, recalls: 24, clients: [1, 4] } : undefined,
    openDatabase: async () => {
      const db = await openPglite();
      return { db, drop: () => db.close() };
    },
  });
  results.push(result);
  return { result, progress };
}

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('engram bench (smoke)', () => {
  it('loads a skewed corpus of random vectors and measures both subjects, exact and ANN', async () => {
    const { result, progress } = await bench(800, { dims: 16, throughput: true });
    expect(result).toMatchObject({ size: 800, dims: 16, vectors: 'random', subjects: 8, tenants: 2 });
    expect(result.largest.rows).toBeGreaterThan(result.smallest.rows);
    expect(result.largest.rows + result.smallest.rows).toBeLessThanOrEqual(800);
    // Small subjects take the exact lane; the largest exactly searched one is measured between the two ends.
    expect(result.largest.vector_path).toBe('exact');
    expect(result.largest_exact?.vector_path).toBe('exact');
    expect(result.largest_exact!.rows).toBeLessThanOrEqual(result.largest.rows);
    expect(result.largest_exact!.rows).toBeGreaterThanOrEqual(result.smallest.rows);
    for (const s of [result.largest, result.smallest]) {
      expect(s.db_hybrid_ms.n).toBe(5);
      expect(s.http_hybrid_ms.n).toBe(5);
      expect(s.db_hybrid_ms.p50).toBeGreaterThan(0);
    }
    expect(result.exact_vs_ann.recall_at_10).toBeGreaterThan(0);
    expect(result.exact_vs_ann.recall_at_10).toBeLessThanOrEqual(1);
    expect(result.api_ingest_rows_per_second).toBeGreaterThan(0);
    expect(progress.some((line) => line.includes('building the HNSW index'))).toBe(true);
    // Throughput: both ingest paths stored their memories, and the recall clients (their own process) got answers.
    const t = result.throughput!;
    expect(t.http_batch_ingest_per_second).toBeGreaterThan(0);
    expect(t.import_per_second).toBeGreaterThan(0);
    expect(t.recalls.map((r) => r.clients)).toEqual([1, 4]);
    for (const r of t.recalls) {
      expect(r.failures).toBe(0);
      expect(r.per_second).toBeGreaterThan(0);
      expect(r.server_p50_ms).toBeGreaterThan(0);
    }
    expect(t.recall_subjects).toBeGreaterThan(1);
  }, 120_000);

  it('embeds generated sentences with the local model when asked (its dimensions, its model id)', async () => {
    const { result } = await bench(400, { local: true });
    expect(result).toMatchObject({ dims: 100, vectors: 'local/wink-sg-100d-sif@2' });
    // Real sentence vectors cluster: an exact top 10 is mostly found by the index.
    expect(result.exact_vs_ann.recall_at_10).toBeGreaterThan(0.5);
  }, 120_000);

  it('writes JSON, a table per run and a plot with a line pair per vector source', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-bench-'));
    dirs.push(dir);
    await writeBenchReport(dir, results, 'PGlite in memory');
    const json = JSON.parse(await readFile(join(dir, 'recall-bench.json'), 'utf8'));
    expect(json.results).toHaveLength(2);
    const md = await readFile(join(dir, 'recall-bench.md'), 'utf8');
    expect(md).toMatch(/\| 800 \| random \| 16 \| largest \|/);
    expect(md).toMatch(/\| 800 \| random \| 16 \| largest exact \|/);
    expect(md).toMatch(/\| 400 \| local\/wink-sg-100d-sif@2 \| 100 \| smallest \|/);
    const svg = await readFile(join(dir, 'recall-bench.svg'), 'utf8');
    expect(svg).toContain('random 16d, largest');
    expect(svg).toContain('local/wink-sg-100d-sif@2, smallest');
    // Only the random run measured throughput: one row; and latency against subject size, DB and HTTP. The rows
    // are read from the throughput table itself: the summary table's wink row can look the same whenever a
    // measured latency happens to print as a whole number ("| 100 | 4 | 4.68 |").
    const throughput = md.slice(md.indexOf('| memories | vectors | HTTP batch memories/s |'));
    const throughputRows = throughput
      .slice(0, throughput.indexOf('\n\n'))
      .split('\n')
      .filter((line) => /^\| \d/.test(line));
    expect(throughputRows).toHaveLength(1);
    expect(throughputRows[0]).toMatch(/\| 800 \| random \| \d+ \| \d+ \| \d+ \| \d+ \|/);
    expect(throughputRows.join('\n')).not.toMatch(/\| 400 \| local\/wink-sg-100d-sif@2 \| \d+ \| \d+ \|/);
    const bySubject = await readFile(join(dir, 'recall-bench-subjects.svg'), 'utf8');
    expect(bySubject).toContain('random 16d, HTTP');
    expect(bySubject).toContain('local/wink-sg-100d-sif, DB');
  });
});
