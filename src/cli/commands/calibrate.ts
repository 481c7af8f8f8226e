// `engram calibrate --pairs FILE`: measures the configured model's similarity on labelled pairs, picks the
// threshold that maximises F1, writes the plot and stores threshold, precision, recall and the plot path on the
// model (registered first if new). Calibrate a new model while it backfills, before `engram reembed --cutover`.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { EngramConfig } from '../../config/index.ts';
import { createJsonLogger, warningsOnly } from '../../core/logger.ts';
import { chooseFloor, loadCalibrationPairs } from '../../embedding/calibration.ts';
import { renderCalibrationSvg } from '../../embedding/calibration-plot.ts';
import { calibrateModel, storeCalibration } from '../../services/calibrate.ts';
import { registerEmbedder } from '../../services/register-embedder.ts';
import { integerFlag, parseFlags, UsageError } from '../args.ts';
import { requiredEmbedder } from '../configured-embedder.ts';
import { COMMAND_HELP } from '../usage.ts';
import { withStore } from '../with-store.ts';

const USAGE = COMMAND_HELP.calibrate.usage;

export interface CalibrateRequest {
  pairsFile: string;
  plotPath: string | undefined;
  dryRun: boolean;
  embedTimeoutMs: number;
  floor: boolean;
}

export function parseCalibrateFlags(argv: string[]): CalibrateRequest {
  const { positionals, values } = parseFlags(argv, {
    pairs: { type: 'string' },
    plot: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    'embed-timeout-ms': { type: 'string' },
    floor: { type: 'boolean', default: false },
  });
  if (positionals.length > 0 || !values.pairs) throw new UsageError(USAGE);
  return {
    pairsFile: values.pairs,
    plotPath: values.plot,
    dryRun: values['dry-run'],
    floor: values.floor,
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
  const pairs = loadCalibrationPairs(await readFile(request.pairsFile, 'utf8'));
  const { embedder, modelDefaults } = await requiredEmbedder(config, {
    timeoutMs: request.embedTimeoutMs,
    // One log line per embedding call flooded the terminal (a line per pair batch); failures still log.
    logger: warningsOnly(createJsonLogger()),
  });
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
  if (request.dryRun) return;

  await withStore(config, async (store) => {
    await registerEmbedder(store, embedder, { defaults: modelDefaults, activate: true });
    await storeCalibration(store, calibration, plotPath);
    if (request.floor && floor)
      // Only the similarity part: the lexical part (full-text evidence) is the operator's, kept as stored.
      await store.withOperator((op) =>
        op.setModelFloor(calibration.model, { similarity: floor.similarity, lexical: null }),
      );
    say(`stored on ${calibration.model}`);
  });
}
