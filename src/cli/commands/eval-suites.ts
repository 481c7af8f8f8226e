// `engram eval lived-in | chinese | all`: the memory suites of data/ (and, for `all`, LoCoMo too) on a throwaway
// database with the configured embedder. Each suite writes metrics.json, rankings.json and summary.md; `all` also
// writes one table of every benchmark's headline figures (DIR/summary.md, DIR/summary.json). Also the pieces every
// eval command shares (eval.ts too): the embedder, the throwaway database, the run's dependencies, --mode.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngramConfig } from '../../config/index.ts';
import type { RecallMode } from '../../contract/index.ts';
import { silentLogger } from '../../core/logger.ts';
import {
  BENCHMARK_TABLE_LEGEND,
  type BenchmarkRow,
  renderBenchmarkTable,
} from '../../eval/benchmark-table.ts';
import { parseLocomo } from '../../eval/locomo/dataset.ts';
import { type EvalEnvironment, openEvalEnvironment } from '../../eval/locomo/environment.ts';
import { createProgress, silentProgress } from '../../eval/locomo/progress.ts';
import { parseSuite, SUITE_FILES, type SuiteName } from '../../eval/suite/dataset.ts';
import {
  findResult,
  headlineOf,
  renderSuiteSummary,
  suiteMetricsDocument,
  suiteRankings,
} from '../../eval/suite/report.ts';
import { runSuite, type SuiteRunResult } from '../../eval/suite/run.ts';
import { evaluateWrite } from '../../gate/index.ts';
import { parseFlags, UsageError } from '../args.ts';
import { type RequiredEmbedder, requiredEmbedder } from '../configured-embedder.ts';
import { SUITE_USAGE } from '../usage.ts';

/** --mode values and the lanes each runs. */
export const MODES: Record<string, RecallMode[]> = {
  hybrid: ['hybrid'],
  vector: ['vector'],
  lexical: ['lexical'],
  all: ['lexical', 'vector', 'hybrid'],
};

const DEFAULT_MODES: Record<SuiteName | 'all', RecallMode[]> = {
  'lived-in': ['hybrid'],
  chinese: ['lexical', 'hybrid'],
  all: MODES.all!,
};

export interface SuiteRequest {
  suite: SuiteName | 'all';
  /** Each suite's data file; the one in data/ when absent. */
  dataFiles: Partial<Record<SuiteName, string>>;
  /** The LoCoMo file: chat turns for lived-in, and the LoCoMo benchmark for all. */
  locomoFile: string | undefined;
  outDir: string;
  modes: RecallMode[];
  label: string;
  quiet: boolean;
}

export function parseSuiteFlags(argv: string[]): SuiteRequest {
  const [suite, ...rest] = argv;
  if (suite !== 'lived-in' && suite !== 'chinese' && suite !== 'all') throw new UsageError(SUITE_USAGE);
  const { positionals, values } = parseFlags(rest, {
    data: { type: 'string' },
    'lived-in': { type: 'string' },
    chinese: { type: 'string' },
    locomo: { type: 'string' },
    out: { type: 'string' },
    mode: { type: 'string' },
    label: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  });
  const misuse = (why: string) => new UsageError(`${why}\n${SUITE_USAGE}`);
  if (positionals.length > 0 || !values.out) throw misuse('--out is required');
  if (suite !== 'chinese' && !values.locomo) throw misuse(`eval ${suite} needs --locomo FILE`);
  if (suite === 'chinese' && values.locomo) throw misuse('eval chinese takes no --locomo');
  if (suite === 'all' && (values.data || values.mode))
    throw misuse('eval all runs every mode: no --mode, and --lived-in / --chinese instead of --data');
  if (suite !== 'all' && (values['lived-in'] || values.chinese))
    throw misuse('--lived-in and --chinese are for eval all (use --data)');
  if (suite !== 'all' && values.label) throw misuse('--label is for eval all');
  const modes = values.mode === undefined ? DEFAULT_MODES[suite] : MODES[values.mode];
  if (!modes) throw misuse('--mode must be hybrid, vector, lexical or all');
  return {
    suite,
    dataFiles:
      suite === 'all'
        ? { 'lived-in': values['lived-in'], chinese: values.chinese }
        : { [suite]: values.data },
    locomoFile: values.locomo,
    outDir: values.out,
    modes,
    label: values.label ?? 'this run',
    quiet: values.quiet,
  };
}

/** The embedder every eval uses: the configured one, with a batch-sized time budget (ingestion embeds 100 turns). */
export function evalEmbedder(config: EngramConfig): Promise<RequiredEmbedder> {
  return requiredEmbedder(config, { timeoutMs: 60_000, logger: silentLogger });
}

/** A throwaway database for one eval (PGlite, or a scratch database on `databaseUrl`'s server), the model registered. */
export function openEvalDatabase(databaseUrl: string | undefined, configured: RequiredEmbedder | null) {
  return openEvalEnvironment({
    databaseUrl,
    embedder: configured?.embedder ?? null,
    modelDefaults: configured?.modelDefaults,
  });
}

/** What every eval run is given: the database, the real write gate, the embedder, upkeep and a progress bar. */
export function evalRunDeps(
  environment: EvalEnvironment,
  configured: RequiredEmbedder | null,
  quiet: boolean,
) {
  return {
    store: environment.store,
    gate: evaluateWrite,
    embedder: configured?.embedder ?? null,
    tenantId: environment.tenantId,
    upkeep: environment.upkeep,
    progress: quiet ? silentProgress : createProgress(),
  };
}

const fmt = (x: number) => x.toFixed(3);

/** Runs one memory suite into `outDir`. */
async function runMemorySuite(
  suite: SuiteName,
  request: Pick<SuiteRequest, 'dataFiles' | 'locomoFile' | 'modes' | 'quiet'> & { outDir: string },
  context: {
    databaseUrl: string | undefined;
    configured: RequiredEmbedder | null;
    say: (line: string) => void;
  },
): Promise<SuiteRunResult> {
  const dataPath = request.dataFiles[suite] ?? fileURLToPath(SUITE_FILES[suite]);
  const users = parseSuite(await readFile(dataPath, 'utf8'));
  const chat =
    suite === 'lived-in' && request.locomoFile
      ? parseLocomo(JSON.parse(await readFile(request.locomoFile, 'utf8')))
      : null;
  const { configured, say } = context;
  const environment = await openEvalDatabase(context.databaseUrl, configured);
  const startedAt = new Date().toISOString();
  const started = performance.now();
  try {
    say(`eval ${suite}: ${users.length} users from ${basename(dataPath)} on ${environment.description}`);
    const result = await runSuite(
      users,
      { modes: request.modes, chat },
      evalRunDeps(environment, configured, request.quiet),
    );
    const run = {
      dataFile: basename(dataPath),
      ...(chat ? { chatFile: basename(request.locomoFile!) } : {}),
      embedder: configured?.embedder.model ?? 'none',
      database: environment.description,
      startedAt,
      totalMs: performance.now() - started,
    };
    const title = suite === 'lived-in' ? 'Lived-in recall' : 'Chinese recall';
    await mkdir(request.outDir, { recursive: true });
    await writeFile(join(request.outDir, 'rankings.json'), `${JSON.stringify(suiteRankings(result))}\n`);
    await writeFile(
      join(request.outDir, 'metrics.json'),
      `${JSON.stringify(suiteMetricsDocument(suite, result, run), null, 2)}\n`,
    );
    await writeFile(join(request.outDir, 'summary.md'), renderSuiteSummary(title, result, run));
    for (const r of result.results) {
      const h = headlineOf(r);
      say(
        `${suite} ${r.column} ${r.mode}: hit@1 ${fmt(h.hit1)}, hit@3 ${fmt(h.hit3)}, MRR ${fmt(h.mrr)} (${h.answerable} questions); no-answer returned no memory ${fmt(h.empty)} (${h.noAnswer}) -> ${request.outDir}`,
      );
    }
    return result;
  } finally {
    await environment.dispose();
  }
}

/** Runs LoCoMo into a folder (eval.ts owns it) and returns its hybrid headline. */
export type LocomoRunner = (
  dataFile: string,
  outDir: string,
  configured: RequiredEmbedder,
  quiet: boolean,
) => Promise<NonNullable<BenchmarkRow['locomo']>>;

export async function evalSuiteCommand(
  config: EngramConfig,
  argv: string[],
  say: (line: string) => void,
  runLocomo: LocomoRunner,
): Promise<void> {
  const request = parseSuiteFlags(argv);
  const lexicalOnly = request.modes.every((m) => m === 'lexical');
  const configured = lexicalOnly ? null : await evalEmbedder(config);
  const context = { databaseUrl: config.DATABASE_URL, configured, say };
  if (request.suite !== 'all') {
    await runMemorySuite(request.suite, request, context);
    return;
  }
  const locomoFile = request.locomoFile!;
  const locomo = await runLocomo(locomoFile, join(request.outDir, 'locomo'), configured!, request.quiet);
  const livedIn = await runMemorySuite(
    'lived-in',
    { ...request, outDir: join(request.outDir, 'lived-in') },
    context,
  );
  const chinese = await runMemorySuite(
    'chinese',
    { ...request, locomoFile: undefined, outDir: join(request.outDir, 'chinese') },
    context,
  );
  const headline = (run: SuiteRunResult, column: 'chat' | 'clean', mode: RecallMode) => {
    const found = findResult(run, column, mode);
    return found && headlineOf(found);
  };
  const row: BenchmarkRow = {
    label: request.label,
    locomo,
    livedIn: { chat: headline(livedIn, 'chat', 'hybrid'), clean: headline(livedIn, 'clean', 'hybrid') },
    chinese: {
      lexicalHit3: headline(chinese, 'clean', 'lexical')?.hit3,
      hybridHit3: headline(chinese, 'clean', 'hybrid')?.hit3,
    },
  };
  await writeFile(join(request.outDir, 'summary.json'), `${JSON.stringify(row, null, 2)}\n`);
  await writeFile(
    join(request.outDir, 'summary.md'),
    [
      '# Benchmarks side by side',
      '',
      `LoCoMo \`${basename(locomoFile)}\`, embedder \`${configured?.embedder.model ?? 'none'}\`, ${config.DATABASE_URL ? 'a scratch database on DATABASE_URL' : 'PGlite'}; each suite's own summary.md is in its folder (locomo/, lived-in/, chinese/).`,
      '',
      renderBenchmarkTable([row]),
      '',
      BENCHMARK_TABLE_LEGEND,
      '',
    ].join('\n'),
  );
  for (const line of renderBenchmarkTable([row]).split('\n')) say(line);
}
