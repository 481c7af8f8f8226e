// The supabase-js snippet of docs/use-it.md, run as written with the real client against the PostgREST
// stand-in (test/support/postgrest-stub.ts) on PGlite: it lists, searches and revokes as the signed-in user.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { supabaseExample } from '../../docs/snippets/supabase-rpc.ts';
import { engramRpc } from '../../src/client/supabase.ts';
import { createTenantService } from '../../src/services/tenants.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { migratedPglite, type TestDatabase } from '../support/databases.ts';
import { nowSeconds, signHs256, TEST_JWT_SECRET, userClaims } from '../support/jwt-tokens.ts';
import { type PostgrestStub, startPostgrestStub } from '../support/postgrest-stub.ts';

describe('docs snippet: supabase-js RPC', () => {
  let database: TestDatabase;
  let stub: PostgrestStub;
  let anonKey: string;
  let tenantId: string;

  beforeAll(async () => {
    database = await migratedPglite();
    tenantId = (await createTenantService(createSqlStore(database.db)).createTenant('acme')).tenant.id;
    const now = nowSeconds();
    anonKey = await signHs256({ iss: 'supabase', role: 'anon', iat: now, exp: now + 3600 });
    stub = await startPostgrestStub({ db: database.db, jwtSecret: TEST_JWT_SECRET, apiKeys: [anonKey] });
  });
  afterAll(async () => {
    await stub.close();
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
    const written = await mine.writeMemory({
      subject: 'user-1',
      kind: 'preference',
      content: 'No cilantro, ever',
    });
    expect(written.error).toBeNull();

    const out = await supabaseExample(supabase, 'user-1');
    expect(out.memories.map((m) => m.content)).toEqual(['No cilantro, ever']);
    expect(out.revoked).toBe(written.data?.memory.id);
    const after = await mine.listMemories({ includeRevoked: true });
    expect(after.data?.[0]).toMatchObject({ revoked_reason: 'deleted in settings' });
  });
});
