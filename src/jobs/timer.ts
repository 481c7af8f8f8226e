// The Node server's own cron: fires the Worker's schedule (CRON_SCHEDULE, the crons of wrangler.toml) in process,
// so that a self-hosted deployment needs no external cron. Minute resolution, as Cron Triggers have.

/** One field of a cron expression as this timer reads it: `*`, `*\/N` or a number. */
function fieldMatches(field: string, value: number): boolean {
  if (field === '*') return true;
  const step = /^\*\/(\d+)$/.exec(field);
  if (step) return value % Number(step[1]) === 0;
  if (/^\d+$/.test(field)) return value === Number(field);
  throw new RangeError(`unsupported cron field: ${field}`);
}

/**
 * Whether a five-field cron expression (minute hour day-of-month month day-of-week) fires at `at` (UTC, as Cron
 * Triggers run). Only the forms the schedule uses are read; anything else throws, so a new cron in wrangler.toml
 * that this timer cannot follow fails at start rather than never firing.
 */
export function cronMatches(expression: string, at: Date): boolean {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new RangeError(`a cron expression has five fields: ${expression}`);
  const values = [
    at.getUTCMinutes(),
    at.getUTCHours(),
    at.getUTCDate(),
    at.getUTCMonth() + 1,
    at.getUTCDay(),
  ];
  // Every field is read (no short cut), so an unsupported one throws whatever the time.
  const matches = fields.map((field, i) => fieldMatches(field, values[i] ?? 0));
  return matches.every(Boolean);
}

export interface CronTimer {
  /** Stops firing and waits for the runs in flight. */
  stop(): Promise<void>;
}

/**
 * Calls `fire(cron)` at every minute each expression matches. A cron whose previous run is still going is skipped
 * for that minute (a slow re-embed never piles up behind itself). The timer never keeps the process alive.
 */
export function startCronTimer(
  crons: readonly string[],
  fire: (cron: string) => Promise<unknown>,
  clock: { now: () => number } = Date,
): CronTimer {
  for (const cron of crons) cronMatches(cron, new Date(0));
  const running = new Map<string, Promise<unknown>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const tick = () => {
    const minute = new Date(Math.floor(clock.now() / 60_000) * 60_000);
    for (const cron of crons) {
      if (running.has(cron) || !cronMatches(cron, minute)) continue;
      const run = fire(cron)
        .catch(() => {})
        .finally(() => running.delete(cron));
      running.set(cron, run);
    }
    schedule();
  };
  const schedule = () => {
    if (stopped) return;
    // To the start of the next minute (plus a little, so the tick lands inside it).
    const wait = 60_000 - (clock.now() % 60_000) + 5;
    timer = setTimeout(tick, wait);
    timer.unref?.();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}
