// `engram import --tenant NAME --file memories.jsonl [--batch-size 500]`: loads memories from JSON Lines (one
// POST /v1/memories body a line; `--file -` reads stdin) through the write pipeline, with a progress bar on stderr.
// Invalid lines are reported by line and field and skipped (the command then exits 1); see src/services/import-jsonl.ts.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { EngramConfig } from '../../config/index.ts';
import { createJsonLogger, warningsOnly } from '../../core/logger.ts';
import type { Principal } from '../../core/principal.ts';
import { evaluateWrite } from '../../gate/index.ts';
import { type ImportProgress, importJsonl } from '../../services/import-jsonl.ts';
import { createMemoryService } from '../../services/memories.ts';
import { registerEmbedder } from '../../services/register-embedder.ts';
import { integerFlag, parseFlags, UsageError } from '../args.ts';
import { configuredEmbedder } from '../configured-embedder.ts';
import { COMMAND_HELP } from '../usage.ts';
import { withStore } from '../with-store.ts';

const USAGE = COMMAND_HELP.import.usage;

export interface ImportRequest {
  tenant: string;
  file: string;
  batchSize: number;
  embedTimeoutMs: number;
}

export function parseImportFlags(argv: string[]): ImportRequest {
  const { positionals, values } = parseFlags(argv, {
    tenant: { type: 'string' },
    file: { type: 'string' },
    'batch-size': { type: 'string' },
    'embed-timeout-ms': { type: 'string' },
  });
  if (positionals.length > 0 || !values.tenant || !values.file) throw new UsageError(USAGE);
  return {
    tenant: values.tenant,
    file: values.file,
    batchSize: integerFlag('batch-size', values['batch-size'], { min: 1, max: 500 }, USAGE) ?? 500,
    // A batch embeds hundreds of texts in one call, not one query: the request budget would defer them all.
    embedTimeoutMs:
      integerFlag('embed-timeout-ms', values['embed-timeout-ms'], { min: 100, max: 600_000 }, USAGE) ??
      60_000,
  };
}

/** One progress line: a bar when the size is known (a file), counts and the rate always. */
export function formatImportProgress(progress: ImportProgress, fraction: number | null): string {
  const rate = Math.round(
    (progress.created + progress.duplicates) / Math.max(progress.elapsedMs / 1000, 1e-3),
  );
  const width = 24;
  const bar =
    fraction === null
      ? ''
      : `[${'#'.repeat(Math.round(fraction * width)).padEnd(width, '.')}] ${Math.floor(fraction * 100)}% `;
  return `${bar}${progress.lines} lines: ${progress.created} new, ${progress.duplicates} duplicates, ${progress.rejected} rejected, ${progress.invalid} invalid; ${rate}/s`;
}

export async function importCommand(
  config: EngramConfig,
  argv: string[],
  say: (line: string) => void,
): Promise<void> {
  const request = parseImportFlags(argv);
  const size = request.file === '-' ? null : (await stat(request.file).catch(() => null))?.size;
  if (size === undefined) throw new UsageError(`cannot read ${request.file}`);
  // Warnings and errors only: an import makes one embedding call a hundred lines, and a log line for each call
  // that succeeded would bury the progress bar (and the problems) on stderr.
  const logger = warningsOnly(createJsonLogger());
  const { embedder, modelDefaults } = await configuredEmbedder(config, {
    timeoutMs: request.embedTimeoutMs,
    logger,
  });
  await withStore(config, async (store) => {
    const tenantId = await store.withOperator((op) => op.findTenant(request.tenant));
    if (!tenantId) throw new UsageError(`no tenant named ${request.tenant}`);
    if (embedder) await registerEmbedder(store, embedder, { defaults: modelDefaults, activate: true });
    const memories = createMemoryService({ store, gate: evaluateWrite, embedder, logger });
    // Trust comes from the source and these rights, as for an API key with write scope.
    const principal: Principal = {
      kind: 'api_key',
      tenantId,
      scopes: ['memories:write'],
      actor: 'cli:import',
    };
    const input = request.file === '-' ? process.stdin : createReadStream(request.file);
    let bytes = 0;
    input.on('data', (chunk: Buffer | string) => {
      bytes += chunk.length;
    });
    const tty = process.stderr.isTTY === true;
    let lastPrint = 0;
    const result = await importJsonl(
      { memories, store },
      principal,
      createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY }),
      {
        batchSize: request.batchSize,
        onProgress: (progress) => {
          // A redrawn bar on a terminal; elsewhere (a log file, CI) a line every few seconds.
          if (!tty && progress.elapsedMs - lastPrint < 5000) return;
          lastPrint = progress.elapsedMs;
          const line = formatImportProgress(progress, size ? Math.min(bytes / size, 1) : null);
          process.stderr.write(tty ? `\r${line}\u001b[K` : `${line}\n`);
        },
      },
    );
    if (tty) process.stderr.write('\n');
    for (const problem of result.problems)
      process.stderr.write(
        `line ${problem.line}: ${problem.field ? `${problem.field}: ` : ''}${problem.message} (${problem.code})\n`,
      );
    const shown = result.problems.length;
    const total = result.invalid + result.rejected;
    if (total > shown) process.stderr.write(`... and more: ${total} lines in all were not stored\n`);
    say(
      `imported ${result.created} new memories (${result.duplicates} duplicates, ${result.rejected} rejected by the gate, ${result.invalid} invalid lines) in ${(result.elapsedMs / 1000).toFixed(1)} s: ${result.memoriesPerSecond}/s`,
    );
    if (result.invalid > 0) throw new ImportLinesError(result.invalid);
  });
}

/** The import finished but some lines were invalid: exit code 1 without a stack. */
export class ImportLinesError extends Error {
  override name = 'ImportLinesError';
  constructor(count: number) {
    super(`${count} invalid lines were skipped (listed above)`);
  }
}
