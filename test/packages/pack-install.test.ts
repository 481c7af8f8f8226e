// The published packages as a user gets them: build with tsdown, `npm pack`, install each tarball into a scratch
// app outside the repository, then import it from plain Node ESM and CommonJS and type-check it with tsc (NodeNext),
// with no tsx and no bundler. Installs come from npm's cache (`--prefer-offline`): `npm ci` filled it.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];

/** Installed size of a folder in bytes (files only, as `du --apparent-size` counts them). */
async function sizeOf(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

async function pack(dir: string, into: string): Promise<{ tarball: string; files: string[] }> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', into], { cwd: dir });
  const [info] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }];
  return { tarball: join(into, info.filename), files: info.files.map((f) => f.path) };
}

/** The version of a dependency the repository's lockfile installed, so that the scratch app resolves from cache. */
async function lockedVersion(name: string): Promise<string> {
  const pkg = JSON.parse(await readFile(join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
  return pkg.version as string;
}

async function scratchApp(dir: string, deps: string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'scratch', private: true }));
  await run('npm', ['install', ...NPM_FLAGS, ...deps], { cwd: dir, timeout: 240_000 });
}

const node = (cwd: string, file: string) => run(process.execPath, [file], { cwd, timeout: 30_000 });
const tsc = (cwd: string) => run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd, timeout: 120_000 });

// skipLibCheck as `tsc --init` sets it: the client's .d.ts inline zod's types (zod never ships with it), and zod's
// variance annotations do not survive a full library check once inlined.
function tsconfig() {
  return JSON.stringify({
    compilerOptions: {
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      target: 'ES2022',
      lib: ['ES2022', 'DOM'],
      types: [],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    },
    include: ['*.ts', '*.mts', '*.cts'],
  });
}

// A fetch that answers like the API, so that the imported client runs a real call without a server.
const FAKE_FETCH = `async (url, init) => new Response(JSON.stringify({ url, method: init.method, auth: init.headers.authorization, items: [] }), { status: 200, headers: { 'content-type': 'application/json' } })`;

let work: string;
let client: { tarball: string; files: string[] };
let langgraph: { tarball: string; files: string[] };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'engram-pack-'));
  await run('npm', ['run', 'build'], { cwd: ROOT, timeout: 180_000 });
  client = await pack(join(ROOT, 'packages/client'), work);
  langgraph = await pack(join(ROOT, 'packages/langgraph'), work);
}, 240_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('@engram/client, packed and installed', () => {
  const app = () => join(work, 'client-app');

  beforeAll(async () => {
    await scratchApp(app(), [client.tarball]);
  }, 240_000);

  it('ships only its build, and installs in under 5 MB with no dependency', async () => {
    expect(client.files.sort()).toEqual(
      expect.arrayContaining(['package.json', 'dist/index.js', 'dist/index.cjs', 'dist/index.d.ts']),
    );
    expect(client.files.filter((f) => !f.startsWith('dist/') && f !== 'package.json')).toEqual([]);
    const installed = await readdir(join(app(), 'node_modules'));
    expect(installed.filter((name) => !name.startsWith('.'))).toEqual(['@engram']);
    const bytes = await sizeOf(join(app(), 'node_modules'));
    console.info(`@engram/client installed: ${(bytes / 1024).toFixed(1)} KiB`);
    expect(bytes).toBeLessThan(5 * 1024 * 1024);
  });

  it('runs from plain Node ESM', async () => {
    await writeFile(
      join(app(), 'esm.mjs'),
      `import { createEngramClient, isEngramError } from '@engram/client';
const engram = createEngramClient({ baseUrl: 'http://engram.test', apiKey: 'k1', fetch: ${FAKE_FETCH} });
const answer = await engram.recall({ subject: 'me', query: 'dinner' });
console.log(JSON.stringify({ answer, guard: typeof isEngramError }));`,
    );
    const { stdout } = await node(app(), 'esm.mjs');
    expect(JSON.parse(stdout)).toEqual({
      answer: { url: 'http://engram.test/v1/recall', method: 'POST', auth: 'Bearer k1', items: [] },
      guard: 'function',
    });
  });

  it('runs from CommonJS, the supabase helper too', async () => {
    await writeFile(
      join(app(), 'cjs.cjs'),
      `const { createEngramClient, EngramError } = require('@engram/client');
const { engramRpc } = require('@engram/client/supabase');
const engram = createEngramClient({ baseUrl: 'http://engram.test', apiKey: 'k2', fetch: ${FAKE_FETCH} });
engram.list({ subject: 'me' }).then((page) => console.log(JSON.stringify({
  page, error: new EngramError('not_found', 'x').code, rpc: typeof engramRpc({ rpc: async () => ({}) }).recallCandidates,
})));`,
    );
    const { stdout } = await node(app(), 'cjs.cjs');
    expect(JSON.parse(stdout)).toEqual({
      page: { url: 'http://engram.test/v1/memories?subject=me', method: 'GET', auth: 'Bearer k2', items: [] },
      error: 'not_found',
      rpc: 'function',
    });
  });

  it('type-checks with tsc NodeNext from ESM and CommonJS, with real types (not any)', async () => {
    await writeFile(join(app(), 'tsconfig.json'), tsconfig());
    const body = `
const engram = createEngramClient({ baseUrl: 'http://engram.test', apiKey: 'k' });
export async function use(): Promise<string | undefined> {
  const input: MemoryInput = { subject: 'me', kind: 'preference', content: 'no cilantro' };
  const { memory } = await engram.remember(input);
  // @ts-expect-error: 'wish' is not a memory kind; an untyped build would accept it.
  await engram.remember({ subject: 'me', kind: 'wish', content: 'x' });
  return memory.id;
}`;
    await writeFile(
      join(app(), 'app.mts'),
      `import { createEngramClient, type MemoryInput } from '@engram/client';\n${body}`,
    );
    await writeFile(
      join(app(), 'app.cts'),
      `import { createEngramClient, type MemoryInput } from '@engram/client';\n${body}`,
    );
    await expect(tsc(app())).resolves.toBeDefined();
  });
});

describe('@engram/langgraph, packed and installed with its peers', () => {
  const app = () => join(work, 'langgraph-app');

  beforeAll(async () => {
    const peers = await Promise.all(
      ['@langchain/core', '@langchain/langgraph-checkpoint'].map(
        async (n) => `${n}@${await lockedVersion(n)}`,
      ),
    );
    await scratchApp(app(), [langgraph.tarball, ...peers]);
  }, 240_000);

  it('ships only its build and declares @langchain/* as peers', async () => {
    expect(langgraph.files.filter((f) => !f.startsWith('dist/') && f !== 'package.json')).toEqual([]);
    const manifest = JSON.parse(
      await readFile(join(app(), 'node_modules/@engram/langgraph/package.json'), 'utf8'),
    );
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual([
      '@langchain/core',
      '@langchain/langgraph-checkpoint',
    ]);
    expect(Object.keys(manifest.dependencies ?? {})).not.toContain('@langchain/core');
  });

  it('runs from ESM and CommonJS as a BaseStore', async () => {
    const probe = (load: string) => `${load}
const store = new EngramStore({ baseUrl: 'http://engram.test', apiKey: 'k', fetch: ${FAKE_FETCH} });
console.log(JSON.stringify({ store: store instanceof BaseStore }));`;
    await writeFile(
      join(app(), 'esm.mjs'),
      probe(
        "import { EngramStore } from '@engram/langgraph';\nimport { BaseStore } from '@langchain/langgraph-checkpoint';",
      ),
    );
    await writeFile(
      join(app(), 'cjs.cjs'),
      probe(
        "const { EngramStore } = require('@engram/langgraph');\nconst { BaseStore } = require('@langchain/langgraph-checkpoint');",
      ),
    );
    for (const file of ['esm.mjs', 'cjs.cjs']) {
      const { stdout } = await node(app(), file);
      expect(JSON.parse(stdout)).toEqual({ store: true });
    }
  });

  it('type-checks with tsc NodeNext', async () => {
    await writeFile(join(app(), 'tsconfig.json'), tsconfig());
    await writeFile(
      join(app(), 'app.mts'),
      `import { EngramStore } from '@engram/langgraph';
import type { BaseStore } from '@langchain/langgraph-checkpoint';
export const store: BaseStore = new EngramStore({ baseUrl: 'http://engram.test', apiKey: 'k' });
// @ts-expect-error: the options are typed; a number is no base URL.
new EngramStore({ baseUrl: 1, apiKey: 'k' });`,
    );
    await expect(tsc(app())).resolves.toBeDefined();
  });
});
