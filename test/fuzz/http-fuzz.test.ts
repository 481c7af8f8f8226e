// A bounded, seeded fuzz of every endpoint of the OpenAPI document (issue 15, item 6; fuzzing found 15 500s per
// backend), through the real app on PGlite: valid bodies mutated with hostile values (NUL characters, float
// underflow, far dates, huge and odd numbers, wrong types, deep nesting), odd path parameters and query strings.
// Every answer must be below 500 and must not leak internals. ENGRAM_FUZZ_REQUESTS (default 2000) and
// ENGRAM_FUZZ_SEED run more or other cases on demand; a failure prints the seed and the case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedPglite, type TestDatabase } from '../support/databases.ts';
import { ADMIN_KEY, createHarness, type Harness } from '../support/harness.ts';

const REQUESTS = Number(process.env.ENGRAM_FUZZ_REQUESTS ?? 2000);
const SEED = Number(process.env.ENGRAM_FUZZ_SEED ?? 20261201);

/** mulberry32: a small seeded PRNG, so that a failing case can be replayed from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE: unknown[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x'.repeat(70_000),
  '😀'.repeat(500),
  '\ud800',
  "'; drop table engram.memories; --",
  '%',
  '_',
  '../../etc/passwd',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '2026-13-45T99:99:99Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  'NaN',
  'Infinity',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  0,
  -0,
  -1,
  1,
  2,
  1e-320,
  5e-324,
  -1e-320,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 63),
  0.1 + 0.2,
  true,
  false,
  null,
  [],
  [null],
  ['a\u0000'],
  Array.from({ length: 600 }, (_, i) => `t${i}`),
  {},
  { type: 'system' },
  { type: 'user', uri: 'javascript:alert(1)' },
  { __proto__: { admin: true } },
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
];

const FIELDS = [
  'subject',
  'kind',
  'content',
  'tags',
  'importance',
  'confidence',
  'source',
  'key',
  'facet',
  'polarity',
  'trigger',
  'metadata',
  'language',
  'valid_from',
  'ttl_seconds',
  'expires_at',
  'query',
  'limit',
  'budget',
  'mode',
  'kinds',
  'min_trust',
  'min_importance',
  'since',
  'until',
  'explain',
  'session',
  'messages',
  'used',
  'items',
  'reason',
  'name',
  'memory',
  'input',
  'cursor',
  'include',
  'memory_id',
  'speaker',
  'text',
  'at',
  'id',
];

const VALID_MEMORY = { subject: 'fz', kind: 'fact', content: 'the spare key is under the blue pot' };
const VALID: Record<string, unknown> = {
  'POST /v1/memories': VALID_MEMORY,
  'POST /v1/memories/batch': { items: [VALID_MEMORY, { ...VALID_MEMORY, content: 'bikes go in the shed' }] },
  'POST /v1/recall': { subject: 'fz', query: 'where is the key?', explain: true },
  'POST /v1/ingest': {
    subject: 'fz',
    session: 's1',
    messages: [{ speaker: 'user', text: 'I moved to Lisbon' }],
  },
  'POST /v1/memories/{id}/replace': { content: 'the spare key is under the red pot' },
  'POST /v1/memories/{id}/revoke': { reason: 'wrong' },
  'POST /v1/recalls/{recall_id}/feedback': { used: [] },
  'POST /v1/admin/tenants': { name: 'fuzz-tenant' },
  'POST /mcp': {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'remember', arguments: VALID_MEMORY },
  },
};

/** A lone surrogate cannot be percent-encoded as UTF-8: send its raw bytes instead. */
const encodeQuery = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

/** Internals that must never reach a caller. */
const LEAKS =
  /sqlstate|postgres|pglite|stack|\bat [\w.<>]+ \(|node_modules|syntax error|relation "|column "|violates|engram\.[a-z_]+\(|\/work\/|password|hunter2/i;

describe('bounded HTTP fuzz (PGlite)', () => {
  let database: TestDatabase;
  let h: Harness;
  let key = '';
  let memoryId = '';
  let recallId = '';
  let routes: { method: string; path: string }[] = [];

  beforeAll(async () => {
    database = await migratedPglite();
    h = await createHarness(database);
    key = (await h.tenant('fuzz')).key;
    const written = await h.call('POST', '/v1/memories', { key, body: VALID_MEMORY });
    memoryId = ((await written.json()) as { memory: { id: string } }).memory.id;
    const recalled = await h.call('POST', '/v1/recall', { key, body: VALID['POST /v1/recall'] });
    recallId = ((await recalled.json()) as { recall_id: string }).recall_id;
    const doc = (await (await h.call('GET', '/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(async () => {
    await database.drop();
  });

  it(`answers ${REQUESTS} fuzzed requests (seed ${SEED}) below 500, leaking nothing`, async () => {
    expect(routes.length).toBeGreaterThan(10);
    const rand = prng(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
    const hostile = () => structuredClone(pick(HOSTILE));
    const param = (name: string) =>
      String(
        pick([
          name.includes('recall') ? recallId : memoryId,
          crypto.randomUUID(),
          'fz',
          'not-a-uuid',
          '%00',
          '%2e%2e',
          'a%20b',
          'x'.repeat(300),
          '%E2%28%A1',
        ]),
      );
    const mutate = (value: unknown, depth = 0): unknown => {
      const r = rand();
      if (r < 0.1 || depth > 3) return hostile();
      if (Array.isArray(value))
        return value.length > 0 && r < 0.5 ? [mutate(value[0], depth + 1), ...value.slice(1)] : [hostile()];
      if (typeof value === 'object' && value !== null) {
        const copy = { ...(value as Record<string, unknown>) };
        const fields = Object.keys(copy);
        if (r < 0.35 && fields.length > 0) copy[pick(fields)] = mutate(copy[pick(fields)], depth + 1);
        else if (r < 0.6) copy[pick(FIELDS)] = hostile();
        else if (r < 0.75 && fields.length > 0) delete copy[pick(fields)];
        else if (fields.length > 0) copy[pick(fields)] = hostile();
        return copy;
      }
      return hostile();
    };

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let n = 0; n < REQUESTS; n++) {
      const route = pick(routes);
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => param(name));
      const template = VALID[`${route.method} ${route.path}`];
      const query =
        rand() < 0.3
          ? `?${pick(['subject', 'limit', 'cursor', 'kind', 'tag', 'include', 'memory_id', 'since'])}=${encodeQuery(String(hostile()))}`
          : route.method === 'GET' && route.path === '/v1/memories'
            ? '?subject=fz'
            : '';
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const body = withBody ? (rand() < 0.1 ? hostile() : mutate(template ?? {})) : undefined;
      const auth = route.path.startsWith('/v1/admin') ? ADMIN_KEY : rand() < 0.03 ? 'egm_wrong' : key;
      let res: Response;
      try {
        // MCP answers only clients that accept both JSON and an event stream (the streamable HTTP transport).
        const headers: Record<string, string> =
          route.path === '/mcp' ? { accept: 'application/json, text/event-stream' } : {};
        res = await h.call(
          route.method,
          `${path}${query}`,
          withBody ? { key: auth, body, headers } : { key: auth, headers },
        );
      } catch (error) {
        failures.push(`#${n} ${route.method} ${path}: threw ${String(error).slice(0, 200)}`);
        continue;
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const text = await res.text();
      const detail = `#${n} ${route.method} ${path}${query.slice(0, 80)} body=${JSON.stringify(body)?.slice(0, 200)}`;
      if (res.status >= 500) failures.push(`${detail} -> ${res.status} ${text.slice(0, 200)}`);
      else if (res.status >= 400 && LEAKS.test(text))
        failures.push(`${detail} -> leak: ${text.slice(0, 300)}`);
      // MCP errors are JSON-RPC errors (a numeric code); every other error is the envelope with a string code.
      else if (res.status >= 400 && !/"code":("[a-z_]+"|-?\d+)/.test(text))
        failures.push(`${detail} -> no code: ${text.slice(0, 200)}`);
    }
    console.info(
      `[fuzz] seed ${SEED}, ${REQUESTS} requests over ${routes.length} routes:`,
      Object.fromEntries(statuses),
    );
    expect(failures.slice(0, 20)).toEqual([]);
  });
});
