// Every snippet of docs/use-it.md runs against the real Node server (here; the supabase-js one in
// supabase-snippet.test.ts, through the PostgREST stand-in), and the page shows each snippet file exactly as it is
// tested (no snippet that does not run).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientExample } from '../../docs/snippets/client.ts';
import { langgraphExample } from '../../docs/snippets/langgraph.ts';
import { mcpExample } from '../../docs/snippets/mcp.ts';
import { createEngramClient } from '../../src/client/index.ts';
import { startTestServer, type TestServer } from '../support/node-server.ts';

const DOCS = join(import.meta.dirname, '../../docs');
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer('snippets');
});
afterAll(async () => {
  await t?.close();
});

describe('docs/use-it.md', () => {
  it('embeds every snippet file verbatim in a ts code block', async () => {
    const page = await readFile(join(DOCS, 'use-it.md'), 'utf8');
    const files = (await readdir(join(DOCS, 'snippets'))).filter((f) => f.endsWith('.ts')).sort();
    expect(files).toEqual(['client.ts', 'langgraph.ts', 'mcp.ts', 'supabase-rpc.ts']);
    for (const file of files) {
      const code = (await readFile(join(DOCS, 'snippets', file), 'utf8')).trimEnd();
      expect(page, file).toContain(`\`\`\`ts\n${code}\n\`\`\``);
    }
  });
});

describe('snippets', () => {
  it('client: remembers, recalls into a prompt, is refused a secret, revokes', async () => {
    const out = await clientExample(t.url, t.apiKey);
    expect(out.items[0]?.id).toBe(out.memory.id);
    expect(out.prompt).toContain(out.memory.id);
    expect(out.refused).toBe('rejected_by_gate');
    const engram = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey });
    expect((await engram.get(out.memory.id)).revoked_reason).toBe('user asked to forget');
  });

  it('mcp: lists the tools, remembers and recalls', async () => {
    const out = await mcpExample(t.url, t.apiKey);
    expect(out.tools.sort()).toEqual(['forget', 'ingest', 'list_memories', 'recall', 'remember']);
    const content = out.recalled.content as { type: string; text: string }[];
    expect(content[0]?.text).toContain('allergic to peanuts');
    expect((out.recalled.structuredContent as { items: unknown[] }).items).toHaveLength(1);
  });

  it('langgraph: put, get, search by meaning and by filter, list namespaces, delete', async () => {
    const out = await langgraphExample(t.url, t.apiKey);
    expect(out.item?.value).toEqual({ text: 'likes very spicy food', level: 5 });
    expect(out.hits[0]?.key).toBe('spice');
    expect(out.strong.map((i) => i.key)).toEqual(['spice']);
    expect(out.namespaces).toEqual([['user-42', 'preference', 'food']]);
    const engram = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey });
    const live = await engram.list({ subject: 'user-42', tag: 'langgraph' });
    expect(live.items.map((m) => m.source.uri)).toEqual(['langgraph:user-42/preference/food#spice']);
  });
});
