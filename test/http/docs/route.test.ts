// GET /docs through the real Node server: every operation of /openapi.json appears, with the page's headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../src/http/docs/render.ts';
import { startTestServer, type TestServer } from '../../support/node-server.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer('docs');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /docs', () => {
  it('renders each path and method of the OpenAPI document, MCP included, without auth', async () => {
    const doc = (await (await fetch(`${t.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/mcp', '/v1/recall', '/v1/audit']));
    const res = await fetch(`${t.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await res.text();
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        operations++;
        expect(page).toContain(
          `<span class="method ${method}">${method.toUpperCase()}</span><span class="mono">${escapeHtml(path)}</span>`,
        );
        if (op.summary) expect(page).toContain(escapeHtml(op.summary));
      }
    }
    expect(operations).toBeGreaterThan(10);
    // A field of the memory input, from the request schema.
    expect(page).toContain('<span class="field">ttl_seconds</span>');
    expect(page).not.toContain('<script');
  });
});
