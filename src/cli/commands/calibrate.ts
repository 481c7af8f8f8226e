// `engram calibrate --pairs FILE`: measures the configured model's similarity on labelled pairs, picks the
// threshold that maximises F1, writes the plot and stores threshold, precision, recall and the plot path on the
// model (registered first if new). Calibrate a new model while it backfills, before `engram reembed --cutover`.
// `--merge-pairs FILE` does the same for consolidation's merge threshold on labelled near-duplicate pairs.
// `--intent` calibrates the query-level floor (src/recall/query-intent.ts) on the shipped example questions alone:
// any model, no file.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { EngramConfig } from '../../config/index.ts';
import { createJsonLogger, warningsOnly } from '../../core/logger.ts';
import { chooseFloor, loadCalibrationPairs } from '../../embedding/calibration.ts';
import { renderCalibrationSvg } from '../../embedding/calibration-plot.ts';
import { loadMergePairs, MERGE_MIN_PRECISION, MERGE_MIN_RECALL } from '../../embedding/merge-calibration.ts';
import type { Embedder } from '../../ports/embedder.ts';
import { chooseIntentFloor } from '../../recall/query-intent.ts';
import {
  type Calibration,
  calibrateMerge,
  calibrateModel,
  type MergeCalibration,
  storeCalibration,
  storeMergeThreshold,
} from '../../services/calibrate.ts';
import { embedIntentExemplars } from '../../services/intent-exemplars.ts';
import { registerEmbedder } from '../../services/register-embedder.ts';
import { integerFlag, parseFlags, UsageError } from '../args.ts';
import { requiredEmbedder } from '../configured-embedder.ts';
import { COMMAND_HELP } from '../usage.ts';
import { withStore } from '../with-store.ts';

const USAGE = COMMAND_HELP.calibrate.usage;

export interface CalibrateRequest {
  /** Recall pairs: the similarity threshold (and the floor with `floor`). */
  pairsFile: string | undefined;
  /** Near-duplicate pairs: the merge threshold. At least one of the two files. */
  mergePairsFile: string | undefined;
  plotPath: string | undefined;
  dryRun: boolean;
  embedTimeoutMs: number;
  floor: boolean;
  /** The query-level floor from the shipped example questions. */
  intent: boolean;
}

export function parseCalibrateFlags(argv: string[]): CalibrateRequest {
  const { positionals, values } = parseFlags(argv, {
    pairs: { type: 'string' },
    'merge-pairs': { type: 'string' },
    plot: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    'embed-timeout-ms': { type: 'string' },
    floor: { type: 'boolean', default: false },
    intent: { type: 'boolean', default: false },
  });
  if (positionals.length > 0 || (!values.pairs && !values['merge-pairs'] && !values.intent))
    throw new UsageError(USAGE);
  if (values.floor && !values.pairs) throw new UsageError(`--floor needs --pairs\n${USAGE}`);
  return {
    pairsFile: values.pairs,
    mergePairsFile: values['merge-pairs'],
    plotPath: values.plot,
    dryRun: values['dry-run'],
    floor: values.floor,
    intent: values.intent,
    embedTimeoutMs:
      integerFlag('embed-timeout-ms', values['embed-timeout-ms'], { min: 100, max: 600_000 }, USAGE) ??
      30_000,
  };
}

/** Where the plot goes by default: the data dir, one file per model. */
export function defaultPlotPath(dataDir: string, model: string): string {
  return join(dataDir, 'calibration', `${model.replace(/[^A-Za-z0-9._-]+/g, '_')}.svg`);
}

export async function calibrateCommand(
  config: EngramConfig,
  argv: string[],
  say: (line: string) => void,
): Promise<void> {
  const request = parseCalibrateFlags(argv);
  // Both files are read before the model loads: a bad line fails in a second, not after a minute of embedding.
  const pairs = request.pairsFile
    ? loadCalibrationPairs(await readFile(request.pairsFile, 'utf8'))
    : undefined;
  const mergePairs = request.mergePairsFile
    ? loadMergePairs(await readFile(request.mergePairsFile, 'utf8'))
    : undefined;
  const { embedder, modelDefaults } = await requiredEmbedder(config, {
    timeoutMs: request.embedTimeoutMs,
    // One log line per embedding call flooded the terminal (a line per pair batch); failures still log.
    logger: warningsOnly(createJsonLogger()),
  });
  const recall = pairs ? await calibrateRecall(config, request, embedder, pairs, say) : undefined;
  const merge = mergePairs ? await calibrateMerge(embedder, mergePairs) : undefined;
  if (merge) sayMerge(merge, say);
  const intent = request.intent ? chooseIntentFloor(await embedIntentExemplars(embedder)) : undefined;
  if (intent)
    say(
      `query-level floor ${intent.floor.toFixed(4)}: keeps ${pct(intent.keptMemory)} of the memory-seeking example questions, refuses ${pct(intent.refusedGeneral)} of the general ones (each judged against the others)`,
    );
  if (request.dryRun) return;

  await withStore(config, async (store) => {
    await registerEmbedder(store, embedder, { defaults: modelDefaults, activate: true });
    if (recall) {
      await storeCalibration(store, recall.calibration, recall.plotPath);
      if (request.floor && recall.floor)
        // Only the similarity part: the lexical part (full-text evidence) is the operator's, kept as stored.
        await store.withOperator((op) =>
          op.setModelFloor(embedder.model, { similarity: recall.floor!.similarity, lexical: null }),
        );
    }
    if (merge) await storeMergeThreshold(store, merge);
    if (intent)
      await store.withOperator((op) =>
        op.setModelFloor(embedder.model, { similarity: null, lexical: null, intent: intent.floor }),
      );
    say(`stored on ${embedder.model}`);
  });
}

/** The recall part: scores, prints the threshold and the floor, writes the plot. */
async function calibrateRecall(
  config: EngramConfig,
  request: CalibrateRequest,
  embedder: Embedder,
  pairs: ReturnType<typeof loadCalibrationPairs>,
  say: (line: string) => void,
): Promise<{ calibration: Calibration; floor: ReturnType<typeof chooseFloor>; plotPath: string }> {
  const calibration = await calibrateModel(embedder, pairs);
  const { result } = calibration;
  say(
    `${calibration.model}: ${calibration.pairs} pairs (${calibration.relevant} relevant), ROC AUC ${calibration.rocAuc.toFixed(3)}`,
  );
  say(
    `threshold ${result.threshold.toFixed(4)}: precision ${result.precision.toFixed(3)}, recall ${result.recall.toFixed(3)}, F1 ${result.f1.toFixed(3)}`,
  );
  const floor = chooseFloor(calibration.scored);
  say(
    floor
      ? `relevance floor ${floor.similarity.toFixed(4)}: precision ${floor.precision.toFixed(3)}, recall ${floor.recall.toFixed(3)}${request.floor ? '' : ' (not stored: --floor)'}`
      : 'relevance floor: none (no similarity reaches precision 0.9 on these pairs)',
  );
  const plotPath = request.plotPath ?? defaultPlotPath(config.ENGRAM_DATA_DIR, calibration.model);
  await mkdir(dirname(plotPath), { recursive: true });
  await writeFile(
    plotPath,
    `${renderCalibrationSvg(calibration.scored, result, { title: `${calibration.model}: ${calibration.pairs} labelled pairs` })}\n`,
  );
  say(`plot: ${plotPath}`);
  return { calibration, floor, plotPath };
}

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The merge part's figures: pairs, model, and precision and recall of "merge" at the chosen cut, or why none. */
function sayMerge(merge: MergeCalibration, say: (line: string) => void): void {
  say(
    `${merge.model}: ${merge.pairs} merge pairs (${merge.merges} restatements), ROC AUC ${merge.rocAuc.toFixed(3)}`,
  );
  const { result } = merge;
  say(
    result
      ? `merge threshold ${result.threshold.toFixed(4)}: precision ${result.precision.toFixed(3)}, recall ${result.recall.toFixed(3)} (${result.counts.truePositives} merged, ${result.counts.falsePositives} wrongly)`
      : `merge threshold: none (no similarity reaches merge precision ${MERGE_MIN_PRECISION} at recall >= ${MERGE_MIN_RECALL} on these pairs); stored as null: merge by slot and facet only`,
  );
}
