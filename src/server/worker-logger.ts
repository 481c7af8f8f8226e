// JSON-lines logging for Workers: one JSON object per event, on the console method of its level, so that Workers
// Logs files info events as info and errors as errors (the Node logger sends every level to stderr).
import type { LogFields, Logger } from '../core/logger.ts';

/** A Logger over `console`; as everywhere, fields carry counts and codes, never content, queries or keys. */
export function consoleJsonLogger(out: Pick<Console, 'log' | 'warn' | 'error'> = console): Logger {
  const emit =
    (level: 'info' | 'warn' | 'error', write: (line: string) => void) =>
    (event: string, fields: LogFields = {}) =>
      write(JSON.stringify({ level, event, time: new Date().toISOString(), ...fields }));
  return {
    info: emit('info', (line) => out.log(line)),
    warn: emit('warn', (line) => out.warn(line)),
    error: emit('error', (line) => out.error(line)),
  };
}
