// The ecosystem endpoints on the real Worker in workerd (functions/worker.ts, Neon driver through the local
// WebSocket proxy to the real PostgreSQL, OpenAI-compatible fake embedder): MCP through the SDK's client, and the
// Inspector and docs pages with their policy. Needs DATABASE_URL, like every *.int.test.ts.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP } from '../../src/http/inspector/route.ts';
import { createTenantService } from '../../src/services/tenants.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { freshServerDatabase, serverUrl, type TestDatabase } from '../support/databases.ts';
import { type EdgeWorker, startEdgeWorker } from '../support/edge-worker.ts';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '../support/fake-openai-server.ts';
import { startWsProxy, type WsProxy } from '../support/ws-proxy.ts';

describe.skipIf(!serverUrl)('ecosystem endpoints on the Worker', () => {
  let database: TestDatabase;
  let proxy: WsProxy;
  let openai: FakeOpenAIServer;
  let worker: EdgeWorker;
  let key: string;

  beforeAll(async () => {
    database = await freshServerDatabase('edge_mcp');
    key = (await createTenantService(createSqlStore(database.db)).createTenant('acme')).api_key;
    proxy = await startWsProxy();
    openai = await startFakeOpenAIServer({ apiKey: 'sk-edge-mcp' });
    worker = await startEdgeWorker({
      vars: {
        ENGRAM_EMBEDDER: 'openai',
        OPENAI_BASE_URL: openai.url,
        ENGRAM_EMBED_DIMENSIONS: '64',
        ENGRAM_NEON_WS_PROXY: proxy.address,
      },
      secrets: {
        DATABASE_URL: database.url!,
        OPENAI_API_KEY: openai.apiKey,
        ENGRAM_ADMIN_KEY: 'edge-operator-key-0123456789',
      },
    });
  });
  afterAll(async () => {
    await worker?.dispose();
    await proxy?.close();
    await openai?.close();
    await database?.drop();
  });

  it('serves MCP: the SDK client remembers and recalls through the Worker', async () => {
    const client = new Client({ name: 'worker-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', worker.url), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    try {
      const stored = (await client.callTool({
        name: 'remember',
        arguments: { subject: 'sam', kind: 'fact', content: 'Sam parks in spot B12 at the office' },
      })) as CallToolResult;
      const id = (stored.structuredContent as { memory: { id: string } }).memory.id;
      const recalled = (await client.callTool({
        name: 'recall',
        arguments: { subject: 'sam', query: 'where does Sam park?', explain: true },
      })) as CallToolResult;
      const body = recalled.structuredContent as {
        items: { id: string; why?: { lanes: string[] } }[];
        degraded: unknown;
      };
      expect(body.items[0]?.id).toBe(id);
      expect(body.items[0]?.why?.lanes).toEqual(['vector', 'lexical']);
      expect(body.degraded).toBeNull();
    } finally {
      await client.close();
    }
    expect(
      (await worker.call('POST', '/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } })).status,
    ).toBe(401);
  });

  it('serves the Inspector and the docs page with their policy', async () => {
    for (const path of ['/inspect', '/inspect/app.js', '/docs']) {
      const res = await worker.call('GET', path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    }
    expect(await (await worker.call('GET', '/docs')).text()).toContain('<span class="mono">/mcp</span>');
  });
});
