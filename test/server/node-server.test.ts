// The Node server on the embedded default: starts on PGlite in a data dir, bootstraps the default tenant and
// keys once, and a memory written over real HTTP survives a restart.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config/index.ts';
import { silentLogger } from '../../src/core/logger.ts';
import { createDeterministicEmbedder } from '../../src/embedding/deterministic.ts';
import { evaluateWrite } from '../../src/gate/index.ts';
import { startNodeServer } from '../../src/server/node-server.ts';

describe('node server on the embedded default', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps memories and keys across a restart', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'engram-server-'));
    const config = parseConfig({ PORT: '0', ENGRAM_DATA_DIR: dataDir });
    const lines: string[] = [];
    const start = () =>
      startNodeServer({
        config,
        gate: evaluateWrite,
        embedder: createDeterministicEmbedder({ dimensions: 16 }),
        logger: silentLogger,
        say: (l) => lines.push(l),
      });

    const first = await start();
    const credentials = JSON.parse(await readFile(join(dataDir, 'credentials.json'), 'utf8')) as {
      api_key: string;
      admin_key: string;
    };
    expect((await stat(join(dataDir, 'credentials.json'))).mode & 0o777).toBe(0o600);
    expect(lines.join('\n')).toContain(credentials.api_key);
    const res = await fetch(`${first.url}/v1/memories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credentials.api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'me', kind: 'preference', content: 'Soft drinks go under Snacks' }),
    });
    expect(res.status).toBe(201);
    await first.close();

    lines.length = 0;
    const second = await start();
    try {
      // The key is not printed again, and it still works.
      expect(lines.join('\n')).not.toContain(credentials.api_key);
      const list = await fetch(`${second.url}/v1/memories?subject=me`, {
        headers: { authorization: `Bearer ${credentials.api_key}` },
      });
      const body = (await list.json()) as { items: { content: string }[] };
      expect(body.items.map((m) => m.content)).toEqual(['Soft drinks go under Snacks']);
      expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('fails at start on a bad setting, naming the variable and not its value', () => {
    expect(() => parseConfig({ PORT: 'eighty', ENGRAM_ADMIN_KEY: 'short-secret' })).toThrow(
      /PORT[\s\S]*ENGRAM_ADMIN_KEY/,
    );
    const error = (() => {
      try {
        parseConfig({ ENGRAM_ADMIN_KEY: 'short-secret' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error)).not.toContain('short-secret');
  });
});
