// The supabase-js snippet of docs/use-it.md, run as written with the real client against the PostgREST
// stand-in (test/support/postgrest-stub.ts) on PGlite: it lists and searches through the database, and revokes
// over HTTP (the Engram app on the same database, served on a local port) with the same user token.
import { serve } from '@hono/node-server';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { supabaseExample } from '../../docs/snippets/supabase-rpc.ts';
import { createJwtVerifier } from '../../src/auth/jwt.ts';
import { engramRpc } from '../../src/client/supabase.ts';
import { migratedPglite, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';
import { nowSeconds, signHs256, TEST_JWT_SECRET, userClaims } from '../support/jwt-tokens.ts';
import { type PostgrestStub, startPostgrestStub } from '../support/postgrest-stub.ts';

describe('docs snippet: supabase-js RPC', () => {
  let database: TestDatabase;
  let stub: PostgrestStub;
  let anonKey: string;
  let tenantId: string;
  let h: Harness;
  let server: ReturnType<typeof serve>;
  let engramUrl = '';

  beforeAll(async () => {
    database = await migratedPglite();
    h = await createHarness(database, { parts: { jwt: createJwtVerifier({ secret: TEST_JWT_SECRET }) } });
    tenantId = (await h.tenant('acme')).id;
    await new Promise<void>((resolve) => {
      server = serve({ fetch: h.engram.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        engramUrl = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
    const now = nowSeconds();
    anonKey = await signHs256({ iss: 'supabase', role: 'anon', iat: now, exp: now + 3600 });
    stub = await startPostgrestStub({ db: database.db, jwtSecret: TEST_JWT_SECRET, apiKeys: [anonKey] });
  });
  afterAll(async () => {
    await stub.close();
    await new Promise((resolve) => server.close(resolve));
    await database.drop();
  });

  it('lists the user memories, finds one by a word and revokes it', async () => {
    const token = await signHs256(userClaims('user-1', tenantId));
    // As the docs' app builds it: the default schema, switched to `engram` by the snippet itself.
    const supabase = createClient(stub.url, anonKey, {
      global: { fetch, headers: { Authorization: `Bearer ${token}` } },
      realtime: { transport: ws as unknown as typeof WebSocket },
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const mine = engramRpc(supabase.schema('engram'));
    const res = await h.call('POST', '/v1/memories', {
      key: token,
      body: { subject: 'user-1', kind: 'preference', content: 'No cilantro, ever' },
    });
    expect(res.status).toBe(201);
    const written = (await res.json()) as { memory: { id: string } };

    const out = await supabaseExample(supabase, 'user-1', { url: engramUrl, accessToken: token });
    expect(out.memories.map((m) => m.content)).toEqual(['No cilantro, ever']);
    expect(out.revoked).toBe(written.memory.id);
    const after = await mine.listMemories({ includeRevoked: true });
    expect(after.data?.[0]).toMatchObject({ revoked_reason: 'deleted in settings' });
  });
});
