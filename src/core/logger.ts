// Structured JSON-lines logging. Callers pass events and numbers, never memory content, queries, vectors or keys.

export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

export function jsonLogger(write: (line: string) => void = (line) => console.error(line)): Logger {
  const emit =
    (level: string) =>
    (event: string, fields: LogFields = {}) =>
      write(JSON.stringify({ level, event, time: new Date().toISOString(), ...fields }));
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
