// The `engram` binary as a person runs it: `--help` of every command prints its usage and does nothing else, an
// unknown flag names the known ones, a taken port or an unreachable database is one line, logs stay on stderr.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_HELP } from '../../src/cli/usage.ts';

const BIN = join(import.meta.dirname, '../../bin/engram.mjs');
// Nothing listens on port 1: a command that touched the database would fail with ECONNREFUSED.
const NOWHERE = 'postgres://postgres@127.0.0.1:1/engram_nowhere';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function engram(args: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engram-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('engram --help', () => {
  it('lists every command', async () => {
    const { code, stdout, stderr } = await engram(['--help'], {});
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    for (const name of Object.keys(COMMAND_HELP)) expect(stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  it.each(Object.keys(COMMAND_HELP))(
    'engram %s --help prints its usage and touches nothing',
    async (name) => {
      const data = join(dir, `help-${name}`);
      const args = name === 'eval' ? ['eval', 'locomo', '--help'] : [name, '--help'];
      const outcome = await engram(args, { DATABASE_URL: NOWHERE, ENGRAM_DATA_DIR: data });
      expect(outcome).toEqual({
        code: 0,
        stdout: `${COMMAND_HELP[name as keyof typeof COMMAND_HELP].usage}\n`,
        stderr: '',
      });
      await expect(readdir(data)).rejects.toMatchObject({ code: 'ENOENT' });
    },
  );
});

describe('engram failures', () => {
  it('an unknown flag is a usage error that lists the known flags', async () => {
    const { code, stdout, stderr } = await engram(['sweep', '--batch', '5'], { DATABASE_URL: NOWHERE });
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr.trim()).toBe(
      'unknown flag --batch; known flags: --batch-size, --max-batches, --max-seconds, --retention-days',
    );
  });

  it('serve and migrate take no flags', async () => {
    for (const name of ['serve', 'migrate']) {
      const { code, stderr } = await engram([name, '--port', '9000'], { DATABASE_URL: NOWHERE });
      expect({ code, stderr: stderr.trim() }).toEqual({
        code: 2,
        stderr: 'unknown flag --port; known flags: none',
      });
    }
  });

  it('an unreachable database is one line', async () => {
    const { code, stderr } = await engram(['migrate'], { DATABASE_URL: NOWHERE });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'engram migrate: cannot reach PostgreSQL at 127.0.0.1:1/engram_nowhere (ECONNREFUSED): is it running? check DATABASE_URL',
    ]);
  });

  describe('a taken port', () => {
    let taken: Server;
    let port: number;
    beforeAll(async () => {
      taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      port = (taken.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

    it('is one line, and the logs before it are JSON on stderr, never on stdout', async () => {
      const { code, stdout, stderr } = await engram(['serve'], {
        PORT: String(port),
        ENGRAM_EMBEDDER: 'none',
        ENGRAM_DATA_DIR: join(dir, 'taken-port'),
      });
      expect(code).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines.at(-1)).toBe(
        `engram serve: port ${port} on 127.0.0.1 is taken: stop what listens there, or set PORT`,
      );
      for (const line of lines.slice(0, -1)) expect(() => JSON.parse(line)).not.toThrow();
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stdout.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
    });
  });
});
