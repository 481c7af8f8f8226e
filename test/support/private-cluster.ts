// A private PostgreSQL cluster for fault tests (own data dir and port): the shared server is never stopped.
// Follows the recipe verified on these machines (/work/shared/notes/fault-tests.md): initdb, pg_ctl start, and a
// crash by `pg_ctl -m immediate stop`. As root the binaries run as user postgres (initdb refuses root).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PG_BIN = [
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
].find((dir) => existsSync(join(dir, 'pg_ctl')));

/** Why a fault test cannot run here, or null when it can. */
export const privateClusterUnavailable: string | null = PG_BIN
  ? null
  : 'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface PrivateCluster {
  port: number;
  /** Connection string of database `name` (default `postgres`). */
  url(name?: string): string;
  /** `pg_ctl -m immediate stop`: a crash, not a shutdown. */
  crash(): Promise<void>;
  /** Starts again without waiting, so early calls meet crash recovery (SQLSTATE 57P03). */
  start(options?: { wait?: boolean }): Promise<void>;
  destroy(): Promise<void>;
}

async function asPostgres(binary: string, args: string[]): Promise<void> {
  const path = join(PG_BIN ?? '', binary);
  if (process.getuid?.() === 0) {
    const quoted = [path, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    await run('su', ['postgres', '-c', quoted]);
  } else {
    await run(path, args);
  }
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  if (!PG_BIN) throw new Error(privateClusterUnavailable ?? 'no PostgreSQL');
  const dir = await mkdtemp(join(tmpdir(), 'engram-fault-pg-'));
  await chmod(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-N']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const start = async ({ wait = true } = {}) => {
    await asPostgres('pg_ctl', [
      '-D',
      data,
      '-o',
      options,
      '-l',
      join(dir, 'log'),
      ...(wait ? ['-w'] : ['-W']),
      'start',
    ]);
  };
  await start();
  let running = true;
  return {
    port,
    url: (name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`,
    async crash() {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      running = false;
    },
    async start(opts) {
      await start(opts);
      running = true;
    },
    async destroy() {
      if (running) await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
