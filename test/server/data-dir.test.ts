// The embedded data dir (issue 15, item 7): one process owns it (a second open gets a clear error instead of
// writing into a database the first never re-reads: `engram keys create` printed a key that never worked), and
// credentials are never overwritten (starting on another database replaced the embedded database's keys).
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index.ts';
import { silentLogger } from '../../src/core/logger.ts';
import { createDeterministicEmbedder } from '../../src/embedding/deterministic.ts';
import { evaluateWrite } from '../../src/gate/index.ts';
import { bootstrapDefaultTenant } from '../../src/server/bootstrap.ts';
import { startNodeServer } from '../../src/server/node-server.ts';
import { openDatabase } from '../../src/server/open-database.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { migratedPglite } from '../support/databases.ts';

describe('the embedded data dir', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('is owned by one process: a second open, in this process or another, gets a clear error', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'engram-lock-'));
    dirs.push(dataDir);
    const server = await startNodeServer({
      config: parseConfig({ PORT: '0', ENGRAM_DATA_DIR: dataDir }),
      gate: evaluateWrite,
      embedder: createDeterministicEmbedder({ dimensions: 16 }),
      logger: silentLogger,
    });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process \d+/);
      // What `engram keys create` does while `engram serve` runs.
      const cli = spawn(process.execPath, ['bin/engram.mjs', 'keys', 'create', '--tenant', 'other'], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ENGRAM_DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      cli.stdout.on('data', (c: Buffer) => {
        output += c.toString();
      });
      cli.stderr.on('data', (c: Buffer) => {
        output += c.toString();
      });
      const code = await new Promise<number | null>((resolve) => cli.on('exit', resolve));
      expect(code).not.toBe(0);
      expect(output).toMatch(new RegExp(`in use by process ${process.pid}`));
      expect(output).not.toMatch(/egm_[A-Za-z0-9]{20,}/);
    } finally {
      await server.close();
    }
    // Released on close: the next owner opens it.
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('never overwrites credentials: another database keeps its keys beside them', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'engram-creds-'));
    dirs.push(dataDir);
    const before = `${JSON.stringify({ tenant_id: '00000000-0000-4000-8000-000000000001', api_key: 'egm_only_copy_of_this_key_000000', admin_key: 'egm_admin_only_copy_0000000000' })}\n`;
    await writeFile(join(dataDir, 'credentials.json'), before, { mode: 0o600 });
    const database = await migratedPglite();
    try {
      const result = await bootstrapDefaultTenant(createSqlStore(database.db), { dataDir });
      expect(await readFile(join(dataDir, 'credentials.json'), 'utf8')).toBe(before);
      expect(result.credentialsFile).not.toBe(join(dataDir, 'credentials.json'));
      const written = JSON.parse(await readFile(result.credentialsFile, 'utf8')) as { api_key: string };
      expect(written.api_key).toBe(result.generated.apiKey);
      // The next start finds its own keys and generates nothing.
      const next = await bootstrapDefaultTenant(createSqlStore(database.db), { dataDir });
      expect(next.generated).toEqual({});
      expect((await readdir(dataDir)).sort()).toHaveLength(2);
    } finally {
      await database.drop();
    }
  });
});
