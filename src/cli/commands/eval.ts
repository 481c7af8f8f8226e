// `engram eval locomo --data FILE --out DIR [--mode hybrid|vector|lexical|all] [--samples N] [--one-subject]`: the LoCoMo
// retrieval protocol on a throwaway database (PGlite, or a scratch database on DATABASE_URL's server) with the
// configured embedder (the local model by default). Writes rankings.json, metrics.json and summary.md.
// The memory suites (lived-in, chinese) and `all` are in eval-suites.ts.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { EngramConfig } from '../../config/index.ts';
import type { RecallMode } from '../../contract/index.ts';
import { locomoFigures } from '../../eval/benchmark-table.ts';
import { parseLocomo } from '../../eval/locomo/dataset.ts';
import { oneLargeSubject } from '../../eval/locomo/large-subject.ts';
import { createProgress, silentProgress } from '../../eval/locomo/progress.ts';
import {
  type BaselineComparison,
  baselineComparison,
  metricsDocument,
  type RunDescription,
  renderBaselineComparison,
  renderModeComparison,
  renderSummary,
} from '../../eval/locomo/report.ts';
import { type LocomoRunResult, locomoRecaller, runLocomoModes } from '../../eval/locomo/run.ts';
import { integerFlag, parseFlags, UsageError } from '../args.ts';
import type { RequiredEmbedder } from '../configured-embedder.ts';
import { COMMAND_HELP } from '../usage.ts';
import { evalEmbedder, evalRunDeps, evalSuiteCommand, MODES, openEvalDatabase } from './eval-suites.ts';

const USAGE = COMMAND_HELP.eval.usage;
/** Filler turns of --one-subject: with the dev file's 2,760 turns, a subject of about 12k rows. */
const DEFAULT_FILLER = 9000;

export interface EvalRequest {
  dataFile: string;
  outDir: string;
  modes: RecallMode[];
  samples: number | undefined;
  /** Also run LangGraph.js PostgresStore on the same server, data and embedder. */
  compareLangGraph: boolean;
  /** Filler turns of the large-subject check (every conversation in one subject), or null for LoCoMo as is. */
  oneSubjectFiller: number | null;
  quiet: boolean;
}

export function parseEvalFlags(argv: string[]): EvalRequest {
  const [suite, ...rest] = argv;
  if (suite !== 'locomo') throw new UsageError(USAGE);
  const { positionals, values } = parseFlags(rest, {
    data: { type: 'string' },
    out: { type: 'string' },
    mode: { type: 'string', default: 'hybrid' },
    samples: { type: 'string' },
    compare: { type: 'string' },
    'one-subject': { type: 'boolean', default: false },
    filler: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  });
  if (positionals.length > 0 || !values.data || !values.out) throw new UsageError(USAGE);
  const modes = MODES[values.mode];
  if (!modes) throw new UsageError(`--mode must be hybrid, vector, lexical or all\n${USAGE}`);
  if (values.compare !== undefined && values.compare !== 'langgraph')
    throw new UsageError(`--compare takes langgraph\n${USAGE}`);
  if (values.filler !== undefined && !values['one-subject'])
    throw new UsageError(`--filler goes with --one-subject\n${USAGE}`);
  return {
    dataFile: values.data,
    outDir: values.out,
    modes,
    samples: integerFlag('samples', values.samples, { min: 1, max: 10_000 }, USAGE),
    compareLangGraph: values.compare === 'langgraph',
    oneSubjectFiller: values['one-subject']
      ? (integerFlag('filler', values.filler, { min: 0, max: 1_000_000 }, USAGE) ?? DEFAULT_FILLER)
      : null,
    quiet: values.quiet,
  };
}

async function writeResult(dir: string, result: LocomoRunResult, run: RunDescription): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'rankings.json'), `${JSON.stringify(result.rankings)}\n`);
  await writeFile(join(dir, 'metrics.json'), `${JSON.stringify(metricsDocument(result, run), null, 2)}\n`);
  await writeFile(join(dir, 'summary.md'), renderSummary(result, run));
}

export async function evalCommand(
  config: EngramConfig,
  argv: string[],
  say: (line: string) => void,
): Promise<void> {
  if (argv[0] === 'lived-in' || argv[0] === 'chinese' || argv[0] === 'all')
    return evalSuiteCommand(config, argv, say, async (dataFile, outDir, loaded, quiet) => {
      const modes = MODES.all!;
      const request = {
        dataFile,
        outDir,
        modes,
        samples: undefined,
        compareLangGraph: false,
        oneSubjectFiller: null,
        quiet,
      };
      const { results } = await runLocomoEval(config, request, say, loaded);
      return locomoFigures(results.get('hybrid')!.metrics);
    });
  await runLocomoEval(config, parseEvalFlags(argv), say);
}

/** The LoCoMo hybrid run beside LangGraph's PostgresStore: quality and latency of both, and Engram / store. */
export type LangGraphComparison = BaselineComparison;

/**
 * `engram bench --locomo FILE`: the LoCoMo-size comparison with PostgresStore (issue 18 item 6), the same protocol
 * as `engram eval locomo --compare langgraph` (hybrid only), its files written under `outDir`.
 */
export async function locomoLangGraphComparison(
  config: EngramConfig,
  request: { dataFile: string; outDir: string; samples: number | undefined },
  say: (line: string) => void,
): Promise<LangGraphComparison> {
  const { comparison } = await runLocomoEval(
    config,
    { ...request, modes: ['hybrid'], compareLangGraph: true, oneSubjectFiller: null, quiet: true },
    say,
  );
  if (!comparison) throw new Error('the LangGraph comparison did not run');
  return comparison;
}

async function runLocomoEval(
  config: EngramConfig,
  request: EvalRequest,
  say: (line: string) => void,
  /** Already loaded (eval all loads the embedder once for every suite). */
  loaded?: RequiredEmbedder,
): Promise<{ results: Map<RecallMode, LocomoRunResult>; comparison: LangGraphComparison | null }> {
  if (request.compareLangGraph && (!config.DATABASE_URL || !request.modes.includes('hybrid')))
    throw new UsageError(
      '--compare langgraph needs DATABASE_URL (PostgresStore runs on PostgreSQL) and the hybrid mode',
    );
  let samples = parseLocomo(JSON.parse(await readFile(request.dataFile, 'utf8')));
  if (request.samples !== undefined) samples = samples.slice(0, request.samples);
  if (request.oneSubjectFiller !== null)
    samples = [oneLargeSubject(samples, { fillerTurns: request.oneSubjectFiller })];
  const lexicalOnly = request.modes.every((m) => m === 'lexical');
  // Ingestion embeds a hundred turns per call: the query budget (1.5 s) is not the right one for it.
  const configured = lexicalOnly ? null : (loaded ?? (await evalEmbedder(config)));
  const environment = await openEvalDatabase(config.DATABASE_URL, configured);
  const startedAt = new Date().toISOString();
  const started = performance.now();
  try {
    say(
      `eval: ${samples.length} conversations from ${basename(request.dataFile)} on ${environment.description}`,
    );
    const results = await runLocomoModes(
      samples,
      request.modes,
      evalRunDeps(environment, configured, request.quiet),
    );
    const base = {
      dataFile: basename(request.dataFile),
      embedder: configured?.embedder.model ?? 'none',
      database: environment.description,
      startedAt,
      totalMs: performance.now() - started,
    };
    const single = results.size === 1;
    for (const [mode, result] of results) {
      const dir = single ? request.outDir : join(request.outDir, mode);
      await writeResult(dir, result, { ...base, mode });
      const h = result.metrics.headline;
      say(
        `${mode}: categories 1-4 R@10 ${h.recall[10].toFixed(3)}, MRR ${h.mrr.toFixed(3)}, nDCG@10 ${h.ndcg10.toFixed(3)} (${h.questions} questions; ${result.counts.skippedNoGold} skipped without gold) -> ${dir}`,
      );
    }
    let comparison = '';
    let figures: LangGraphComparison | null = null;
    const hybrid = results.get('hybrid');
    if (request.compareLangGraph && hybrid && configured && config.DATABASE_URL) {
      // Loaded only when asked: the baseline's package is a dev dependency.
      const { runLangGraphBaseline } = await import('../../eval/locomo/langgraph-baseline.ts');
      // Engram's recall of the same questions, asked beside the store's for the interleaved latencies.
      const engram = locomoRecaller(evalRunDeps(environment, configured, true), 'hybrid');
      const baseline = await runLangGraphBaseline(samples, {
        serverUrl: config.DATABASE_URL,
        embedder: configured.embedder,
        progress: request.quiet ? silentProgress : createProgress(),
        pairWith: engram.ask,
      });
      await engram.settle();
      const dir = join(request.outDir, 'langgraph');
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'rankings.json'), `${JSON.stringify(baseline.rankings)}\n`);
      figures = baselineComparison(hybrid, baseline);
      const document = {
        ...figures,
        metrics: baseline.metrics,
        ingest_ms: Math.round(baseline.ingestMs),
      };
      await writeFile(join(dir, 'metrics.json'), `${JSON.stringify(document, null, 2)}\n`);
      comparison = renderBaselineComparison(hybrid, baseline);
      const paired = figures.interleaved;
      say(
        `langgraph PostgresStore: R@10 ${baseline.metrics.headline.recall[10].toFixed(3)}, MRR ${baseline.metrics.headline.mrr.toFixed(3)}, search p50 ${baseline.searchMs.p50} ms (Engram hybrid p50 ${hybrid.timing.recallMs.p50} ms)${paired ? `; interleaved p50 ${paired.engram_ms.p50} / ${paired.store_ms.p50} ms, Engram / store ${paired.latency_p50_ratio} (median of the questions' ratios ${paired.median_paired_ratio})` : ''} -> ${dir}`,
      );
    }
    if (!single)
      await writeFile(
        join(request.outDir, 'summary.md'),
        `${renderModeComparison(results, base)}\n${comparison}`,
      );
    else if (comparison) await writeFile(join(request.outDir, 'comparison.md'), comparison);
    return { results, comparison: figures };
  } finally {
    await environment.dispose();
  }
}
