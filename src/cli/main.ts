// The `engram` CLI: one table of commands, each loaded only when it runs (help loads none of them); each command
// module parses its own flags. Results go to stdout, logs and errors to stderr.
import { ConfigError, type EngramConfig, processConfig } from '../config/index.ts';
import { noFlags, UsageError } from './args.ts';
import { failureLine } from './failure.ts';
import { COMMAND_HELP, type CommandName } from './usage.ts';

type Command = (config: EngramConfig, argv: string[], say: (line: string) => void) => Promise<void>;

const COMMANDS: Record<CommandName, () => Promise<Command>> = {
  serve: async () => {
    const { serveCommand } = await import('./commands/serve.ts');
    return (config, argv, say) => {
      noFlags(argv, 'serve');
      return serveCommand(config, say);
    };
  },
  migrate: async () => {
    const { migrateCommand } = await import('./commands/migrate.ts');
    return (config, argv, say) => {
      noFlags(argv, 'migrate');
      return migrateCommand(config, say);
    };
  },
  keys: async () => (await import('./commands/keys.ts')).keysCommand,
  sweep: async () => (await import('./commands/sweep.ts')).sweepCommand,
  'vector-indexes': async () => (await import('./commands/vector-indexes.ts')).vectorIndexesCommand,
  erase: async () => (await import('./commands/erase.ts')).eraseCommand,
  backfill: async () => (await import('./commands/backfill.ts')).backfillCommand,
  import: async () => (await import('./commands/import.ts')).importCommand,
  ingest: async () => (await import('./commands/ingest.ts')).ingestCommand,
  extract: async () => (await import('./commands/extract.ts')).extractCommand,
  reembed: async () => (await import('./commands/reembed.ts')).reembedCommand,
  calibrate: async () => (await import('./commands/calibrate.ts')).calibrateCommand,
  eval: async () => (await import('./commands/eval.ts')).evalCommand,
  bench: async () => (await import('./commands/bench.ts')).benchCommand,
};

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

function usage(): string {
  const width = Math.max(...Object.keys(COMMAND_HELP).map((name) => name.length));
  return [
    'usage: engram <command> [flags]   (engram <command> --help for its flags)',
    '',
    ...Object.entries(COMMAND_HELP).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
  ].join('\n');
}

/** `--help` or `-h` before any `--`: the caller asks for help, whatever else the line says. */
function asksForHelp(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const say = (line: string) => console.log(line);
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    if (name === 'help' && rest[0] && isCommand(rest[0])) say(COMMAND_HELP[rest[0]].usage);
    else say(usage());
    return name ? 0 : 2;
  }
  if (!isCommand(name)) {
    console.error(`unknown command: ${name}\n\n${usage()}`);
    return 2;
  }
  if (asksForHelp(rest)) {
    say(COMMAND_HELP[name].usage);
    return 0;
  }
  let config: EngramConfig | undefined;
  try {
    config = processConfig();
    const command = await COMMANDS[name]();
    await command(config, rest, say);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    // One line a person can act on; never a stack with possibly sensitive values on a shared terminal by default.
    console.error(`engram ${name}: ${failureLine(error, config)}`);
    if (config?.ENGRAM_DEBUG) console.error(error);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
if (code !== 0 || process.argv[2] !== 'serve') process.exit(code);
