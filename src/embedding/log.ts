// Structured logging of embedding calls: a tiny logger port and a JSON-lines sink on stderr.

/** Values a log field may hold: scalars only, so a vector or a text array cannot slip in by accident. */
export type LogValue = string | number | boolean | null;

/** A minimal structured logger. Fields must never carry memory content, queries, vectors or keys. */
export interface Logger {
  info(event: string, fields: Readonly<Record<string, LogValue>>): void;
  warn(event: string, fields: Readonly<Record<string, LogValue>>): void;
}

/** The only fields an embedding call logs: what was called, how many inputs, how it ended and how long it took. */
export interface EmbedCallFields {
  provider: string;
  model: string;
  mode: 'query' | 'documents';
  count: number;
  outcome: 'ok' | 'embedding_timeout' | 'embedding_error' | 'embedding_invalid';
  duration_ms: number;
}

/**
 * A logger that writes one JSON object per line (`level`, `time`, `event`, then the fields).
 * `write` defaults to stderr so logs never mix with a CLI's stdout output.
 */
export function createJsonLogger(write: (line: string) => void = writeStderr): Logger {
  const emit = (level: 'info' | 'warn', event: string, fields: Readonly<Record<string, LogValue>>) => {
    write(`${JSON.stringify({ level, time: new Date().toISOString(), event, ...fields })}\n`);
  };
  return {
    info: (event, fields) => emit('info', event, fields),
    warn: (event, fields) => emit('warn', event, fields),
  };
}

/** A logger that drops everything (tests, benchmarks). */
export const silentLogger: Logger = {
  info: () => {},
  warn: () => {},
};

function writeStderr(line: string): void {
  // Workers have no process.stderr; console.error is the closest stream there.
  if (typeof process !== 'undefined' && process.stderr) process.stderr.write(line);
  else console.error(line.trimEnd());
}
