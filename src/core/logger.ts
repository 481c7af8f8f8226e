// Structured JSON-lines logging, one implementation for the whole service. Callers pass events, ids, counts and
// durations: never memory content, queries, vectors or keys (fields are scalars only, so a vector cannot slip in).

export type LogValue = string | number | boolean | null | undefined;
export type LogFields = Readonly<Record<string, LogValue>>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

function writeStderr(line: string): void {
  // Workers have no process.stderr; console.error is the closest stream there.
  if (typeof process !== 'undefined' && process.stderr) process.stderr.write(line);
  else console.error(line.trimEnd());
}

/**
 * One JSON object per line (`level`, `time`, `event`, then the fields). `write` defaults to stderr so logs never
 * mix with a CLI's stdout output.
 */
export function createJsonLogger(write: (line: string) => void = writeStderr): Logger {
  const emit =
    (level: 'info' | 'warn' | 'error') =>
    (event: string, fields: LogFields = {}) =>
      write(`${JSON.stringify({ level, time: new Date().toISOString(), event, ...fields })}\n`);
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** Keeps warnings and errors only: for a command that makes thousands of calls whose every success would log. */
export function warningsOnly(logger: Logger): Logger {
  return { info() {}, warn: logger.warn, error: logger.error };
}

/** Drops everything (tests, benchmarks). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
