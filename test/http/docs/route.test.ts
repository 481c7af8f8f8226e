// GET /docs through the real app: every operation of /openapi.json appears, with the page's security headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedPglite, type TestDatabase } from '../../support/databases.ts';
import { createHarness, type Harness } from '../../support/harness.ts';

let database: TestDatabase;
let h: Harness;

beforeAll(async () => {
  database = await migratedPglite();
  h = await createHarness(database);
});
afterAll(async () => {
  await database?.drop();
});

describe('GET /docs', () => {
  it('renders each path and method of the OpenAPI document, MCP included, without auth', async () => {
    const doc = (await (await h.call('GET', '/openapi.json')).json()) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(Object.keys(doc.paths)).toContain('/mcp');
    const res = await h.call('GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await res.text();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(page).toContain(
          `<span class="method ${method}">${method.toUpperCase()}</span><span class="mono">${path}</span>`,
        );
        if (op.summary) expect(page).toContain(op.summary.replaceAll('<', '&#60;').slice(0, 40));
      }
    }
    // A field of the memory input, from the request schema.
    expect(page).toContain('<span class="field">ttl_seconds</span>');
    expect(page).not.toContain('<script');
  });
});
