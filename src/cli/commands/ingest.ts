// `engram ingest --tenant NAME --file chat.json [--extract auto|off]`: one conversation (a POST /v1/ingest body;
// `--file -` reads stdin) through the same ingest service as the HTTP route: its turns stored as episodes and, with
// extraction, the user's durable statements proposed, gated and consolidated. Prints the ingest answer (JSON) on
// stdout; a body that does not validate is named by field, and nothing is written.
import { readFile } from 'node:fs/promises';
import { type EngramConfig, extractorConfigOf } from '../../config/index.ts';
import { type IngestRequest, IngestRequestSchema } from '../../contract/index.ts';
import { createJsonLogger, warningsOnly } from '../../core/logger.ts';
import type { Principal } from '../../core/principal.ts';
import { validationIssues } from '../../core/validation-issues.ts';
import { createExtractor } from '../../extract/factory.ts';
import { evaluateWrite } from '../../gate/index.ts';
import { createIngestService } from '../../services/ingest.ts';
import { registerEmbedder } from '../../services/register-embedder.ts';
import { parseFlags, UsageError } from '../args.ts';
import { configuredEmbedder } from '../configured-embedder.ts';
import { COMMAND_HELP } from '../usage.ts';
import { withStore } from '../with-store.ts';

const USAGE = COMMAND_HELP.ingest.usage;

export interface IngestCommandRequest {
  tenant: string;
  file: string;
  extract: 'auto' | 'off' | undefined;
}

export function parseIngestFlags(argv: string[]): IngestCommandRequest {
  const { positionals, values } = parseFlags(argv, {
    tenant: { type: 'string' },
    file: { type: 'string' },
    extract: { type: 'string' },
  });
  if (positionals.length > 0 || !values.tenant || !values.file) throw new UsageError(USAGE);
  const extract = values.extract;
  if (extract !== undefined && extract !== 'auto' && extract !== 'off')
    throw new UsageError(`--extract must be auto or off\n${USAGE}`);
  return { tenant: values.tenant, file: values.file, extract };
}

/** The conversation of `text` as an ingest request (`--extract` overrides its `extract`), or a UsageError. */
export function ingestBodyOf(text: string, extract: 'auto' | 'off' | undefined): IngestRequest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError('the file is not JSON: it must be one POST /v1/ingest body');
  }
  const withMode =
    extract && json !== null && typeof json === 'object' && !Array.isArray(json)
      ? { ...json, extract }
      : json;
  const parsed = IngestRequestSchema.safeParse(withMode);
  if (!parsed.success) {
    const lines = validationIssues(parsed.error).map(
      (i) => `  ${i.path || '(body)'}: ${i.message} (${i.code})`,
    );
    throw new UsageError(`invalid ingest body:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export async function ingestCommand(
  config: EngramConfig,
  argv: string[],
  say: (line: string) => void,
): Promise<void> {
  const request = parseIngestFlags(argv);
  const text = await (request.file === '-' ? readStdin() : readFile(request.file, 'utf8')).catch(
    (error: unknown) => {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`cannot read ${request.file}`);
    },
  );
  const body = ingestBodyOf(text, request.extract);
  const logger = warningsOnly(createJsonLogger());
  const { embedder, modelDefaults } = await configuredEmbedder(config, {});
  await withStore(config, async (store) => {
    const tenantId = await store.withOperator((op) => op.findTenant(request.tenant));
    if (!tenantId) throw new UsageError(`no tenant named ${request.tenant}`);
    if (embedder) await registerEmbedder(store, embedder, { defaults: modelDefaults, activate: true });
    const ingest = createIngestService({
      store,
      gate: evaluateWrite,
      embedder,
      logger,
      extractor: createExtractor(extractorConfigOf(config), { logger }),
    });
    // Trust comes from the source and these rights, as for an API key with write scope.
    const principal: Principal = {
      kind: 'api_key',
      tenantId,
      scopes: ['memories:write'],
      actor: 'cli:ingest',
    };
    say(JSON.stringify(await ingest.ingest(principal, body), null, 2));
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
