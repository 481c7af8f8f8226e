// The `engram` CLI: one table of commands; each command module parses its own flags.
import { ConfigError, type EngramConfig, processConfig } from '../config/index.ts';
import { UsageError } from './args.ts';
import { backfillCommand } from './commands/backfill.ts';
import { benchCommand } from './commands/bench.ts';
import { calibrateCommand } from './commands/calibrate.ts';
import { eraseCommand } from './commands/erase.ts';
import { evalCommand } from './commands/eval.ts';
import { extractCommand } from './commands/extract.ts';
import { importCommand } from './commands/import.ts';
import { keysCommand } from './commands/keys.ts';
import { migrateCommand } from './commands/migrate.ts';
import { reembedCommand } from './commands/reembed.ts';
import { serveCommand } from './commands/serve.ts';
import { sweepCommand } from './commands/sweep.ts';

type Command = (config: EngramConfig, argv: string[], say: (line: string) => void) => Promise<void>;

const COMMANDS: Record<string, { run: Command; help: string }> = {
  serve: {
    run: (config, _argv, say) => serveCommand(config, say),
    help: 'run the HTTP server (what npm start runs)',
  },
  migrate: {
    run: (config, _argv, say) => migrateCommand(config, say),
    help: 'apply supabase/migrations to DATABASE_URL or the data dir',
  },
  keys: {
    run: keysCommand,
    help: 'keys create --tenant NAME [--scopes ...]: issue an API key; keys revoke KEY_ID',
  },
  sweep: {
    run: sweepCommand,
    help: 'delete expired memories, purge revoked ones past the retention (--batch-size --max-seconds)',
  },
  erase: {
    run: eraseCommand,
    help: 'erase --tenant NAME [--subject S] --yes: erase a subject or a whole tenant',
  },
  import: {
    run: importCommand,
    help: 'import --tenant NAME --file FILE.jsonl|-: load memories (one POST /v1/memories body a line)',
  },
  backfill: {
    run: backfillCommand,
    help: 'embed memories stored without a vector (--batch-size --max-seconds --retry-failed)',
  },
  extract: {
    run: extractCommand,
    help: 'extract --pending: extract memories from stored turns whose extraction timed out or failed',
  },
  reembed: {
    run: reembedCommand,
    help: 'reembed --model ID [--no-cutover|--cutover]: move reads to another embedding model',
  },
  calibrate: {
    run: calibrateCommand,
    help: 'calibrate --pairs FILE: choose and store the similarity threshold of the configured model',
  },
  eval: {
    run: evalCommand,
    help: 'eval locomo|lived-in|chinese|all --out DIR ...: retrieval quality on LoCoMo and the memory suites',
  },
  bench: {
    run: benchCommand,
    help: 'recall latency at scale (--sizes 10000,100000 --dims 256,384,1536 | --vectors local)',
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return [
    'usage: engram <command> [flags]',
    '',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.help}`),
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const say = (line: string) => console.log(line);
  if (!name || name === '--help' || name === 'help') {
    say(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`unknown command: ${name}\n\n${usage()}`);
    return 2;
  }
  let config: EngramConfig | undefined;
  try {
    config = processConfig();
    await command.run(config, rest, say);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    // Never print a stack with possibly sensitive values to a shared terminal by default.
    console.error(
      `engram ${name} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error'}`,
    );
    if (config?.ENGRAM_DEBUG) console.error(error);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
if (code !== 0 || process.argv[2] !== 'serve') process.exit(code);
