// One process owns a PGlite data dir: PGlite has no server to arbitrate, and a second process that opened the same
// dir (`engram keys create` while `engram serve` ran) wrote into a database the first one never re-read, so the key
// it printed never worked. The owner keeps a lock file with its pid; a lock whose process is gone is taken over.
import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../core/errors.ts';

export interface DataDirLock {
  release(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of `dataDir`, or throws a clear error naming the process that holds it. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = join(dataDir, 'engram.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
        throw new AppError(
          'conflict',
          `the embedded database in ${dataDir} is in use by process ${pid} (a running engram serve?): stop it, or use its HTTP API (POST /v1/admin/tenants) instead`,
        );
      }
      // A stale lock (its process is gone): take it over.
      await rm(file, { force: true });
    }
  }
  throw new AppError('conflict', `could not lock the embedded database in ${dataDir}`);
}
