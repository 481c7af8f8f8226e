// `engram import` as a user runs it: a new process for each file, so every database session is new. Side by side in
// one run, files interleaved: the CLI of the code in --before DIR (a checkout of an earlier commit, with
// node_modules) and of this tree, each into its own fresh database on DATABASE_URL's server (migrated by its own
// code), the same generated files in the same order. Prints memories/s per file as the CLI reports it, and the
// median of each variant; writes docs/benchmarks/<name>.json.
// Why fresh processes: PostgreSQL plans a PL/pgSQL statement with its parameters' values for its first five runs in
// a session (custom plans) and may switch to a generic plan after; a benchmark that writes tens of thousands of
// memories through one pool measures the generic plans, a user's import of a few thousand lines the custom ones
// (docs/benchmarks/ingest-speed.md, last section).
// Run: ENGRAM_EMBED_MODEL=wink-sif DATABASE_URL=postgres://... npx tsx scripts/bench-import-cli.ts --before ../before
//      [--files 6] [--lines 2000] [--preload 10000] [--name import-cli]
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { noteSentence } from '../src/bench/corpus.ts';
import { childEnvironment, processConfig } from '../src/config/index.ts';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    files: { type: 'string', default: '6' },
    lines: { type: 'string', default: '2000' },
    preload: { type: 'string', default: '10000' },
    name: { type: 'string', default: 'import-cli' },
  },
});
const config = processConfig();
const serverUrl = config.DATABASE_URL;
if (!serverUrl || !values.before) throw new Error('DATABASE_URL and --before DIR are required');
const load = () =>
  `${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${cpus().length} cores)`;
const revision = (dir: string) =>
  execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD']).toString().trim();
const variants = [
  { name: 'before', dir: resolve(values.before) },
  { name: 'after', dir: resolve('.') },
].map((v) => ({
  ...v,
  revision: revision(v.dir),
  database: `engram_import_cli_${v.name}_${Date.now().toString(36)}`,
}));

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const urlOf = (database: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};
/** Runs the CLI of `dir` against `database`; returns its last line. */
function cli(dir: string, database: string, args: string[]): string {
  const out = execFileSync(process.execPath, [join(dir, 'bin/engram.mjs'), ...args], {
    cwd: dir,
    env: childEnvironment({ DATABASE_URL: urlOf(database) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return out.toString().trim().split('\n').at(-1) ?? '';
}

const folder = await mkdtemp(join(tmpdir(), 'engram-import-cli-'));
/** A file of `lines` memories in 5 subjects; `salt` keeps files from duplicating each other. */
async function file(name: string, lines: number, salt: string): Promise<string> {
  const path = join(folder, `${name}.jsonl`);
  const text = Array.from({ length: lines }, (_, i) =>
    JSON.stringify({ subject: `subject-${i % 5}`, kind: 'fact', content: noteSentence(i, salt) }),
  ).join('\n');
  await writeFile(path, `${text}\n`);
  return path;
}

const results: Record<string, number[]> = { before: [], after: [] };
const loadBefore = load();
try {
  for (const v of variants) {
    await admin.query(`create database ${v.database}`);
    cli(v.dir, v.database, ['migrate']);
    cli(v.dir, v.database, ['keys', 'create', '--tenant', 'bench']);
  }
  const preload = await file('preload', Number(values.preload), 'preload');
  for (const v of variants) {
    console.log(
      `[${v.name} ${v.revision}] preload: ${cli(v.dir, v.database, ['import', '--tenant', 'bench', '--file', preload])}`,
    );
  }
  for (let f = 0; f < Number(values.files); f++) {
    const path = await file(`file-${f}`, Number(values.lines), `file-${f}`);
    // Alternate which code goes first, so that neither always meets the warmer machine.
    const order = f % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      const line = cli(v.dir, v.database, ['import', '--tenant', 'bench', '--file', path]);
      const rate = Number(/(\d+)\/s$/.exec(line)?.[1]);
      results[v.name]!.push(rate);
      console.log(`[${v.name}] file ${f + 1}: ${rate}/s`);
    }
  }
} finally {
  for (const v of variants) await admin.query(`drop database if exists ${v.database} with (force)`);
  await admin.end();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const summary = Object.fromEntries(
  variants.map((v) => [
    v.name,
    { revision: v.revision, per_second: results[v.name], median: median(results[v.name]!) },
  ]),
);
for (const v of variants)
  console.log(`${v.name} (${v.revision}): median ${summary[v.name]!.median} memories/s`);
const document = {
  what: '`engram import` memories/s, a new CLI process per file, the two codes interleaved file by file',
  files: Number(values.files),
  lines_a_file: Number(values.lines),
  preloaded: Number(values.preload),
  embedder: config.ENGRAM_EMBED_MODEL ?? 'default',
  load: { before: loadBefore, after: load() },
  variants: summary,
};
await writeFile(`docs/benchmarks/${values.name}.json`, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote docs/benchmarks/${values.name}.json`);
