// The MCP endpoint through the official SDK client (streamable HTTP) against the real Node server: the tools,
// their validation by the API's schemas, auth, tenant isolation, and what a tool error may say.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../src/services/api-keys.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { startTestServer, type TestServer } from '../support/node-server.ts';

let t: TestServer;
let mcp: Client;

async function connect(apiKey: string): Promise<Client> {
  const client = new Client({ name: 'engram-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
  });
  await client.connect(transport);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

beforeAll(async () => {
  t = await startTestServer('mcp');
  mcp = await connect(t.apiKey);
});
afterAll(async () => {
  await mcp?.close();
  await t?.close();
});

describe('MCP server at /mcp', () => {
  it('lists the five tools with input schemas from the API', async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'forget',
      'ingest',
      'list_memories',
      'recall',
      'remember',
    ]);
    const remember = tools.find((tool) => tool.name === 'remember');
    expect(remember?.inputSchema.required).toEqual(expect.arrayContaining(['subject', 'content', 'kind']));
    const kind = (remember?.inputSchema.properties as Record<string, { enum?: string[] }> | undefined)?.kind;
    expect(kind?.enum).toEqual(['preference', 'fact', 'decision', 'episode', 'constraint', 'rule']);
    expect(tools.find((tool) => tool.name === 'recall')?.inputSchema.required).toEqual(['subject', 'query']);
  });

  it('remembers, recalls (context block and items), lists, forgets; the forgotten memory is not recalled', async () => {
    const stored = await call(mcp, 'remember', {
      subject: 'ada',
      kind: 'preference',
      content: 'Ada likes oolong tea',
    });
    expect(stored.isError).toBeFalsy();
    const memory = (stored.structuredContent as { memory: { id: string; subject: string } }).memory;
    expect(memory.subject).toBe('ada');
    expect(textOf(stored)).toContain(memory.id);
    await call(mcp, 'remember', { subject: 'ada', kind: 'fact', content: 'Ada works on the compiler team' });

    const recalled = await call(mcp, 'recall', {
      subject: 'ada',
      query: 'which tea does Ada like?',
      explain: true,
    });
    const body = recalled.structuredContent as {
      context: string;
      items: { id: string; why?: { lanes: string[] } }[];
    };
    expect(body.items[0]?.id).toBe(memory.id);
    expect(body.items[0]?.why?.lanes.length).toBeGreaterThan(0);
    expect(body.context).toContain(memory.id);
    expect(textOf(recalled)).toBe(body.context);

    const listed = await call(mcp, 'list_memories', { subject: 'ada' });
    const items = (listed.structuredContent as { items: { id: string; content: string }[] }).items;
    expect(items).toHaveLength(2);
    // The text shows the memories themselves, not only their count.
    const text = textOf(listed).split('\n');
    expect(text[0]).toBe('2 memories:');
    for (const item of items) {
      expect(text).toContainEqual(expect.stringContaining(`${item.id} `));
      expect(text).toContainEqual(expect.stringContaining(JSON.stringify(item.content)));
    }

    const forgot = await call(mcp, 'forget', { id: memory.id, reason: 'asked to forget' });
    expect((forgot.structuredContent as { memory: { revoked_reason: string } }).memory.revoked_reason).toBe(
      'asked to forget',
    );
    const again = await call(mcp, 'recall', { subject: 'ada', query: 'which tea does Ada like?' });
    expect((again.structuredContent as { items: { id: string }[] }).items.map((i) => i.id)).not.toContain(
      memory.id,
    );
  });

  it('ingests a conversation and reports what extraction made of it', async () => {
    const ingested = await call(mcp, 'ingest', {
      subject: 'mo',
      session: 'chat-1',
      messages: [{ speaker: 'user', text: "I'm allergic to peanuts" }],
    });
    expect(ingested.isError).toBeFalsy();
    const body = ingested.structuredContent as {
      items: { status: string }[];
      extraction: { status: string; proposals: { outcome: string; key?: string }[] };
    };
    expect(body.items.map((i) => i.status)).toEqual(['created']);
    expect(body.extraction.status).toBe('done');
    expect(body.extraction.proposals).toEqual([expect.objectContaining({ outcome: 'created' })]);
    const off = await call(mcp, 'ingest', {
      subject: 'mo',
      session: 'chat-2',
      extract: 'off',
      messages: [{ speaker: 'user', text: 'I live in Porto' }],
    });
    expect((off.structuredContent as { extraction: { status: string } }).extraction.status).toBe('off');
  });

  it('validates tool inputs with the API schemas', async () => {
    const badKind = await call(mcp, 'remember', { subject: 'ada', kind: 'opinion', content: 'x' });
    expect(badKind.isError).toBe(true);
    expect(textOf(badKind)).toMatch(/kind/);
    // The strict schema refuses fields the API does not know (trust is never taken from the caller).
    const extra = await call(mcp, 'remember', {
      subject: 'ada',
      kind: 'fact',
      content: 'hello there',
      trust: 3,
    });
    expect(extra.isError).toBe(true);
    const rule = await call(mcp, 'remember', {
      subject: 'ada',
      kind: 'rule',
      content: 'always answer in French',
    });
    expect(textOf(rule)).toMatch(/trigger/);
    const badId = await call(mcp, 'forget', { id: 'not-a-uuid' });
    expect(badId.isError).toBe(true);
  });

  it('a refused write is a tool error with the gate reason codes, never the content', async () => {
    const secret = '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7Zq3J1z\n-----END RSA PRIVATE KEY-----';
    const refused = await call(mcp, 'remember', {
      subject: 'ada',
      kind: 'fact',
      content: `my key ${secret}`,
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^rejected_by_gate: .*\(secret\./);
    expect(textOf(refused)).not.toContain('MIIEpAIBAAKCAQEA7Zq3J1z');
    const missing = await call(mcp, 'forget', { id: crypto.randomUUID() });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^not_found:/);
  });

  it('needs the bearer key: 401 without one, and tenants stay apart', async () => {
    const res = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    await expect(connect('egm_wrong_key_0000000000000000')).rejects.toThrow();

    const mine = await call(mcp, 'remember', {
      subject: 'bo',
      kind: 'fact',
      content: 'Bo keeps bees on the roof',
    });
    const id = (mine.structuredContent as { memory: { id: string } }).memory.id;
    const other = await connect(await t.newTenant('mcp-other'));
    try {
      const theirs = await call(other, 'list_memories', { subject: 'bo' });
      expect((theirs.structuredContent as { items: unknown[] }).items).toEqual([]);
      expect(textOf(await call(other, 'forget', { id }))).toMatch(/^not_found:/);
    } finally {
      await other.close();
    }
  });

  it('a tool needs the scope of its HTTP operation: a read-only key recalls, but cannot remember or forget', async () => {
    const store = createSqlStore(t.server.db);
    const reader = await issueApiKey(store, t.server.bootstrap.tenantId, { scopes: ['memories:read'] });
    const client = await connect(reader);
    try {
      const refused = await call(client, 'remember', {
        subject: 'cy',
        kind: 'fact',
        content: 'Cy reads only',
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^forbidden: .*memories:write/);
      expect(textOf(await call(client, 'forget', { id: crypto.randomUUID() }))).toMatch(/^forbidden:/);
      const recalled = await call(client, 'recall', { subject: 'cy', query: 'what does Cy do?' });
      expect(recalled.isError).toBeFalsy();
      const listed = await call(client, 'list_memories', { subject: 'cy' });
      expect((listed.structuredContent as { items: unknown[] }).items).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('is stateless: GET and DELETE answer 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${t.url}/mcp`, { method, headers: { authorization: `Bearer ${t.apiKey}` } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });
});
