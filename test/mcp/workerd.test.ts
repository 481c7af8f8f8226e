// The MCP handler inside workerd (wrangler's local runtime), without nodejs_compat, driven by the SDK's client:
// the SDK's server and its Web-standard streamable HTTP transport run on Workers.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unstable_startWorker } from 'wrangler';

process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

let worker: Awaited<ReturnType<typeof unstable_startWorker>>;
let url: URL;

beforeAll(async () => {
  worker = await unstable_startWorker({
    entrypoint: join(import.meta.dirname, 'fixtures/mcp-worker.ts'),
    compatibilityDate: '2025-09-01',
    compatibilityFlags: [],
    build: { nodejsCompatMode: null },
    dev: {
      server: { hostname: '127.0.0.1', port: 0 },
      inspector: false,
      watch: false,
      persist: false,
      logLevel: 'none',
    },
  });
  url = new URL('/mcp', await worker.url);
});
afterAll(async () => {
  await worker?.dispose();
});

describe('MCP on workerd', () => {
  it('initializes, lists the tools and runs one, with no Node built-ins', async () => {
    const client = new Client({ name: 'workerd-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([
        'forget',
        'ingest',
        'list_memories',
        'recall',
        'remember',
      ]);
      const result = await client.callTool({ name: 'list_memories', arguments: { subject: 'ada' } });
      expect(result.structuredContent).toEqual({ items: [], next_cursor: null });
      const invalid = await client.callTool({ name: 'list_memories', arguments: { limit: 0 } });
      expect(invalid.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
