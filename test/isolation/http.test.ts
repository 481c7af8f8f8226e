// Tenant isolation over HTTP on every backend: every route of the OpenAPI document (so routes added later are
// covered too) with every kind of credential and the victim tenant's ids, then targeted probes (cross-tenant ids,
// another subject, LIKE and SQL metacharacters, malformed, oversized and mistyped bodies, unknown routes).
// Every response: never a 5xx, never a victim value; at the end the victim's rows are exactly as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../support/databases.ts';
import { ADMIN_KEY } from '../support/harness.ts';
import {
  buildIsolationWorld,
  type IsolationWorld,
  META_TAGS,
  SHARED_SUBJECTS,
} from '../support/isolation-world.ts';

interface Route {
  method: string;
  path: string;
}

const enc = encodeURIComponent;
const NON_V1_OPEN = ['/healthz', '/readyz', '/openapi.json', '/metrics'];

describe.each(backends)('isolation over HTTP on $name', ({ open }) => {
  let database: TestDatabase;
  let w: IsolationWorld;
  let before: string;
  let routes: Route[];

  beforeAll(async () => {
    database = await open('iso_http');
    w = await buildIsolationWorld(database);
    before = await w.snapshot();
    const doc = (await (await w.h.call('GET', '/openapi.json')).json()) as { paths: Record<string, object> };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(async () => {
    console.log(`isolation over HTTP (${database.url ? 'postgres' : 'pglite'}): ${w.requests()} requests`);
    await database.drop();
  });

  const send = async (
    label: string,
    method: string,
    path: string,
    options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const res = await w.h.call(method, path, {
      ...(options.token ? { key: options.token } : {}),
      ...(options.body !== undefined ? { body: options.body } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    });
    return w.check(`${label}: ${method} ${path}`, res);
  };

  /** The route's path with the victim's ids in it. */
  const victimPath = (path: string) =>
    path
      .replace(/\{recall_id\}/g, w.victim.recallId)
      .replace(/\{subject\}/g, enc('victim-user-1'))
      .replace(
        /\{id\}/g,
        path.includes('/keys/')
          ? w.victim.keyId
          : path.includes('/tenants/')
            ? w.victim.id
            : w.victim.memoryIds[0]!,
      )
      .replace(/\{[^}]+\}/g, w.victim.memoryIds[1]!);

  const bodyFor = (route: Route, n: number): unknown => {
    if (route.method === 'GET' || route.method === 'DELETE') return undefined;
    if (route.path === '/v1/memories')
      return { kind: 'fact', subject: 'shared', content: `attacker write ${n}` };
    if (route.path === '/v1/memories/batch')
      return { items: [{ kind: 'fact', subject: '%', content: `attacker batch ${n}` }] };
    if (route.path === '/v1/recall') return { subject: 'shared', query: 'passport green tea honey drawer' };
    if (route.path.endsWith('/feedback')) return { used: w.victim.memoryIds.slice(0, 3) };
    if (route.path.endsWith('/replace')) return { content: `attacker replacement ${n}`, kind: 'fact' };
    if (route.path === '/v1/ingest')
      return {
        subject: 'shared',
        session: 's',
        messages: [{ speaker: 'user', text: 'hi', at: new Date().toISOString() }],
      };
    if (route.path === '/v1/admin/tenants') return { name: `attacker-${n}` };
    return {};
  };
  const queries = (route: Route) =>
    route.method === 'GET' && route.path.startsWith('/v1/')
      ? ['', `?subject=${enc('%')}`, `?subject=shared&tag=${enc('%')}`, `?memory_id=${w.victim.memoryIds[0]}`]
      : [''];

  it('every route x every credential x the victim ids: right status, no leak, never a 5xx', async () => {
    let n = 0;
    for (const route of routes) {
      const path = victimPath(route.path);
      // A subject is a name, not an id: the attacker's own subject of that name is its business (200).
      const hasVictimId = path !== route.path && /\{(?!subject\})[^}]+\}/.test(route.path);
      for (const query of queries(route)) {
        for (const credential of w.credentials) {
          const { status } = await send(credential.label, route.method, `${path}${query}`, {
            token: credential.token,
            body: bodyFor(route, n++),
          });
          if (NON_V1_OPEN.includes(route.path)) {
            expect(status, `${route.path} is open`).toBe(200);
          } else if (credential.expect !== 'ok') {
            expect(status, `${credential.label} on ${route.method} ${route.path}`).toBe(credential.expect);
          } else if (route.path.startsWith('/v1/admin/')) {
            expect(status, `${credential.label} on ${route.path}`).toBe(403);
          } else if (hasVictimId) {
            expect([400, 403, 404], `${credential.label} on ${route.method} ${route.path}`).toContain(status);
          }
        }
      }
    }
    expect(routes.length).toBeGreaterThanOrEqual(10);
  });

  it('the victim ids are 404 for every attacker credential that may use the route', async () => {
    const [memoryId] = w.victim.memoryIds;
    const writers = [w.attacker.key, w.attacker.adminKey];
    for (const token of writers) {
      expect((await send('get', 'GET', `/v1/memories/${memoryId}`, { token })).status).toBe(404);
      expect(
        (await send('revoke', 'POST', `/v1/memories/${memoryId}/revoke`, { token, body: { reason: 'x' } }))
          .status,
      ).toBe(404);
      expect(
        (
          await send('feedback', 'POST', `/v1/recalls/${w.victim.recallId}/feedback`, {
            token,
            body: { used: [] },
          })
        ).status,
      ).toBe(404);
      if (routes.some((r) => r.path === '/v1/memories/{id}/replace')) {
        const replaced = await send('replace', 'POST', `/v1/memories/${memoryId}/replace`, {
          token,
          body: { content: 'mine now', kind: 'fact' },
        });
        expect(replaced.status).toBe(404);
      }
    }
    expect(
      (await send('key revoke', 'POST', `/v1/keys/${w.victim.keyId}/revoke`, { token: w.attacker.adminKey }))
        .status,
    ).toBe(404);
    expect(
      (await send('read get', 'GET', `/v1/memories/${memoryId}`, { token: w.attacker.readKey })).status,
    ).toBe(404);
    const listed = await send('list', 'GET', '/v1/memories?subject=victim-user-1', { token: w.attacker.key });
    expect(JSON.parse(listed.text)).toEqual({ items: [], next_cursor: null });
    if (routes.some((r) => r.path === '/v1/audit')) {
      const audit = await send('audit', 'GET', `/v1/audit?memory_id=${memoryId}`, {
        token: w.attacker.adminKey,
      });
      expect([200, 404]).toContain(audit.status);
    }
  });

  it('a JWT user reaches its own subject only', async () => {
    const user = w.credentials.find((c) => c.label === 'attacker user jwt')!.token!;
    for (const subject of ['shared', '%', 'victim-user-1']) {
      expect(
        (await send('jwt list', 'GET', `/v1/memories?subject=${enc(subject)}`, { token: user })).status,
      ).toBe(403);
      expect(
        (
          await send('jwt recall', 'POST', '/v1/recall', {
            token: user,
            body: { subject, query: 'passport' },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await send('jwt write', 'POST', '/v1/memories', {
            token: user,
            body: { kind: 'fact', subject, content: 'x' },
          })
        ).status,
      ).toBe(403);
    }
    const own = await send('jwt own', 'GET', '/v1/memories', { token: user });
    expect(own.status).toBe(200);
  });

  it('LIKE and SQL metacharacters in subjects and tags match themselves only', async () => {
    const token = w.attacker.key;
    for (const subject of SHARED_SUBJECTS) {
      const listed = await send('meta list', 'GET', `/v1/memories?subject=${enc(subject)}&limit=200`, {
        token,
      });
      expect(listed.status).toBe(200);
      const items = (JSON.parse(listed.text) as { items: { subject: string }[] }).items;
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((m) => m.subject === subject)).toBe(true);
      const recalled = await send('meta recall', 'POST', '/v1/recall', {
        token,
        body: { subject, query: `${subject} passport tea note`, tags: META_TAGS.slice(0, 3) },
      });
      expect(recalled.status).toBe(200);
    }
    for (const tag of META_TAGS) {
      const listed = await send('meta tag', 'GET', `/v1/memories?tag=${enc(tag)}&limit=200`, { token });
      const items = (JSON.parse(listed.text) as { items: { tags: string[] }[] }).items;
      expect(items.every((m) => m.tags.includes(tag))).toBe(true);
    }
    const nasty = "Robert'); drop table engram.memories; -- $$ $body$ \\ % _ *";
    const stored = await send('meta write', 'POST', '/v1/memories', {
      token,
      body: { kind: 'fact', subject: nasty.slice(0, 60), content: nasty, tags: META_TAGS },
    });
    expect(stored.status).toBe(201);
    const id = (JSON.parse(stored.text) as { memory: { id: string } }).memory.id;
    const back = await send('meta read', 'GET', `/v1/memories/${id}`, { token });
    expect(JSON.parse(back.text)).toMatchObject({ content: nasty, tags: META_TAGS });
  });

  it("the victim's content and idempotency keys do not dedupe or replay across tenants", async () => {
    const res = await w.h.call('POST', '/v1/memories', {
      key: w.attacker.key,
      body: { kind: 'fact', subject: 'victim-user-1', content: 'shared content in both tenants' },
      headers: { 'idempotency-key': 'idem-victim-user-1' },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { memory: { id: string } };
    expect(w.victim.memoryIds).not.toContain(body.memory.id);
  });

  it('malformed, oversized and mistyped bodies are 4xx', async () => {
    const token = w.attacker.key;
    const targets = [
      '/v1/memories',
      '/v1/memories/batch',
      '/v1/recall',
      `/v1/recalls/${w.victim.recallId}/feedback`,
    ];
    const raw = [
      'not json',
      '{',
      '[]',
      'null',
      '42',
      '"text"',
      '{"subject":{"$ne":null}}',
      '{"__proto__":{"admin":true}}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
    ];
    for (const path of targets) {
      for (const body of raw) {
        const { status } = await send('malformed', 'POST', path, { token, body });
        expect([400, 404], `${body.slice(0, 20)} to ${path}`).toContain(status);
      }
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      ]) {
        const { status } = await send('content type', 'POST', path, {
          token,
          body: '{"a":1}',
          headers: { 'content-type': type },
        });
        expect(status, `${type} to ${path}`).toBe(415);
      }
    }
    const tooLong = await send('too long', 'POST', '/v1/memories', {
      token,
      body: { kind: 'fact', subject: 's', content: 'x'.repeat(8001) },
    });
    expect(tooLong.status).toBe(400);
    const batch = Array.from({ length: 501 }, (_, i) => ({ kind: 'fact', subject: 's', content: `c${i}` }));
    expect(
      (await send('big batch', 'POST', '/v1/memories/batch', { token, body: { items: batch } })).status,
    ).toBe(400);
    const huge = JSON.stringify({ kind: 'fact', subject: 's', content: 'x'.repeat(7 * 1024 * 1024) });
    expect((await send('oversized', 'POST', '/v1/memories', { token, body: huge })).status).toBe(413);
    const metadata = { big: 'x'.repeat(17_000) };
    expect(
      (
        await send('metadata', 'POST', '/v1/memories', {
          token,
          body: { kind: 'fact', subject: 's', content: 'c', metadata },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await send('subject', 'POST', '/v1/memories', {
          token,
          body: { kind: 'fact', subject: 'a\u0000b', content: 'c' },
        })
      ).status,
    ).toBe(400);
  });

  it('unknown routes and methods are 404 (never 5xx); operator routes need the operator key', async () => {
    const probes: [string, string][] = [
      ['GET', '/v1/nope'],
      ['GET', '/v2/memories'],
      ['GET', `/v1/memories/${w.victim.memoryIds[0]}/extra`],
      ['DELETE', '/v1/memories'],
      ['PUT', `/v1/memories/${w.victim.memoryIds[0]}`],
      ['PATCH', `/v1/memories/${w.victim.memoryIds[0]}`],
      ['GET', '/v1/memories/..%2F..%2Fadmin%2Ftenants'],
      ['GET', `/v1/${'a'.repeat(5000)}`],
      ['GET', '/v1/memories/%00'],
      ['POST', '/v1/admin/nope'],
      ['GET', '/.env'],
    ];
    for (const [method, path] of probes) {
      const { status } = await send('unknown', method, path, { token: w.attacker.key });
      expect([400, 403, 404, 405], `${method} ${path}`).toContain(status);
    }
    expect((await send('operator nope', 'POST', '/v1/admin/nope', { token: ADMIN_KEY })).status).toBe(404);
    expect(
      (
        await send('operator as tenant', 'POST', '/v1/admin/tenants', {
          token: w.attacker.adminKey,
          body: { name: 'z' },
        })
      ).status,
    ).toBe(403);
  });

  it('MCP tools with the victim ids and subjects: nothing found, nothing changed', async () => {
    const headers = { accept: 'application/json, text/event-stream' };
    const calls: [string, Record<string, unknown>][] = [
      ['list_memories', { subject: 'victim-user-1' }],
      ['list_memories', { subject: '%' }],
      ['recall', { subject: 'victim-user-1', query: 'passport drawer tea honey' }],
      ['forget', { id: w.victim.memoryIds[0], reason: 'mine now' }],
      ['remember', { subject: 'victim-user-1', kind: 'fact', content: 'attacker over mcp' }],
    ];
    const tokens = [
      w.attacker.key,
      w.credentials.find((c) => c.label === 'attacker user named like a victim subject')!.token!,
    ];
    for (const token of tokens) {
      for (const [i, [name, args]] of calls.entries()) {
        const body = { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name, arguments: args } };
        const { status, text } = await send(`mcp ${name}`, 'POST', '/mcp', { token, body, headers });
        expect(status, `${name}: ${text.slice(0, 120)}`).toBe(200);
        if (name === 'forget') expect(text).toContain('not_found');
      }
    }
    for (const credential of w.credentials.filter((c) => c.expect !== 'ok')) {
      const body = {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_memories', arguments: { subject: 'victim-user-1' } },
      };
      const { status } = await send(`mcp ${credential.label}`, 'POST', '/mcp', {
        token: credential.token,
        body,
        headers,
      });
      expect(status, credential.label).toBe(credential.expect);
    }
  });

  it('the checks themselves catch a leak, a 5xx and a changed row (the suite is not vacuous)', async () => {
    await expect(w.check('self-test', new Response(`{"x":"${w.victim.memoryIds[3]}"}`))).rejects.toThrow(
      /leaked/,
    );
    await expect(w.check('self-test', new Response('{}', { status: 502 }))).rejects.toThrow(/502/);
    for (const id of w.victim.memoryIds) expect(before).toContain(`memory ${id} `);
    expect(before).toContain(`recall ${w.victim.recallId} `);
  });

  it("the victim tenant's rows are exactly as before", async () => {
    expect(await w.snapshot()).toBe(before);
  });
});
