// `engram keys create` prints the key and its public id; `engram keys revoke ID` makes the key fail at once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.ts';
import { keysCommand } from '../../src/cli/commands/keys.ts';
import { migrateCommand } from '../../src/cli/commands/migrate.ts';
import { type EngramConfig, parseConfig } from '../../src/config/index.ts';
import { AppError } from '../../src/core/errors.ts';
import { openDatabase } from '../../src/server/open-database.ts';
import { verifyApiKey } from '../../src/services/api-keys.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';

describe('engram keys', () => {
  let dir: string;
  let config: EngramConfig;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'engram-keys-'));
    // The embedded database in a temp dir: the CLI opens and closes it on every command, as a person would.
    config = parseConfig({ ENGRAM_DATA_DIR: dir });
    await migrateCommand(config, () => {});
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const run = async (argv: string[]) => {
    const lines: string[] = [];
    await keysCommand(config, argv, (line) => lines.push(line));
    return lines;
  };
  const verify = async (key: string) => {
    const db = await openDatabase({ dataDir: dir });
    try {
      return await verifyApiKey(createSqlStore(db), key).then(
        (p) => p.scopes.join(','),
        (e: unknown) => (e instanceof AppError ? e.code : 'other'),
      );
    } finally {
      await db.close();
    }
  };

  it('create prints the key once and its id; revoke ID makes it fail; unknown or malformed ids are refused', async () => {
    const lines = await run(['create', '--tenant', 'acme', '--scopes', 'memories:read']);
    const key = lines.find((l) => l.startsWith('API key'))?.split(': ')[1] ?? '';
    const keyId = lines.find((l) => l.startsWith('key id'))?.split(': ')[1] ?? '';
    expect(key).toMatch(/^egm_/);
    expect(keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(await verify(key)).toBe('memories:read');

    expect(await run(['revoke', keyId])).toEqual([`revoked API key ${keyId}`]);
    expect(await verify(key)).toBe('unauthorized');
    await expect(run(['revoke', '0000000000000000'])).rejects.toThrow(UsageError);
    await expect(run(['revoke', 'bad id'])).rejects.toThrow(/usage/);
    await expect(run(['revoke'])).rejects.toThrow(/usage/);
  });
});
