// A progress bar on stderr for long eval phases: redrawn in place on a terminal, a line per tenth otherwise.

/** One line of progress: label, bar, count and percentage. Pure. */
export function renderProgress(label: string, done: number, total: number, width = 30): string {
  const share = total > 0 ? Math.min(1, Math.max(0, done / total)) : 1;
  const filled = Math.round(share * width);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  return `${label} [${bar}] ${done}/${total} ${Math.floor(share * 100)}%`;
}

export interface ProgressStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

export interface Progress {
  update(label: string, done: number, total: number): void;
  /** Ends the current bar (a newline on a terminal). */
  finish(): void;
}

/** A progress reporter writing to `stream` (stderr by default, so that stdout stays clean for results). */
export function createProgress(stream: ProgressStream = process.stderr): Progress {
  let lastTenth = -1;
  let drawing = false;
  return {
    update(label, done, total) {
      if (stream.isTTY) {
        stream.write(`\r${renderProgress(label, done, total)}`);
        drawing = true;
        return;
      }
      const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        stream.write(`${renderProgress(label, done, total)}\n`);
      }
    },
    finish() {
      if (drawing) stream.write('\n');
      drawing = false;
      lastTenth = -1;
    },
  };
}

/** A reporter that shows nothing (tests, --quiet). */
export const silentProgress: Progress = { update() {}, finish() {} };
