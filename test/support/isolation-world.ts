// The isolation suite's world: two tenants with several subjects (some with the same names, some made of LIKE
// and SQL metacharacters), canary content in the victim tenant, credentials of every kind, a snapshot of every
// victim row, and a leak check that looks for any victim value in a response body.
import { createJwtVerifier } from '../../src/auth/jwt.ts';
import type { SqlExecutor } from '../../src/ports/sql.ts';
import { issueApiKey, keyFingerprint, revokeApiKey } from '../../src/services/api-keys.ts';
import type { TestDatabase } from './databases.ts';
import { createHarness, type Harness } from './harness.ts';
import { nowSeconds, signHs256, TEST_JWT_SECRET, unsignedToken, userClaims } from './jwt-tokens.ts';

/** Subjects both tenants use: the same names must never meet across the boundary. */
export const SHARED_SUBJECTS = [
  'shared',
  '%',
  '_',
  '*',
  '\\',
  "o'brien'; drop table engram.memories; --",
  '$$x$$',
  '--',
];
/** Tags full of metacharacters, on both sides. */
export const META_TAGS = ['%', '_', '*', '\\', "'; drop table engram.tenants; --", '$$', '--', '%_%'];

export interface Credential {
  label: string;
  token: string | null;
  /** What a request with it must get on an existing /v1 tenant route: ok (not 401/403 by auth), 401 or 403. */
  expect: 'ok' | 401 | 403;
}

export interface IsolationWorld {
  h: Harness;
  db: SqlExecutor;
  attacker: { id: string; key: string; adminKey: string; readKey: string };
  victim: {
    id: string;
    key: string;
    keyId: string;
    memoryIds: string[];
    recallId: string;
    subjects: string[];
    /** Strings that must never appear in a response to the attacker. */
    canaries: string[];
  };
  credentials: Credential[];
  /** Every victim row, as JSON text, in a stable order. */
  snapshot(): Promise<string>;
  /** Records a response and fails on a 5xx or on any victim value in its body. */
  check(label: string, res: Response): Promise<{ status: number; text: string }>;
  requests(): number;
}

async function remember(
  h: Harness,
  key: string,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  const res = await h.call('POST', '/v1/memories', {
    key,
    body: { kind: 'fact', ...body },
    ...(headers ? { headers } : {}),
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`setup write failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { memory: { id: string } }).memory.id;
}

export async function buildIsolationWorld(database: TestDatabase): Promise<IsolationWorld> {
  const h = await createHarness(database, { parts: { jwt: createJwtVerifier({ secret: TEST_JWT_SECRET }) } });
  const a = await h.tenant('attacker-co');
  const b = await h.tenant('victim-co');
  const adminKey = await issueApiKey(h.store, a.id, { scopes: ['admin'] });
  const readKey = await issueApiKey(h.store, a.id, { scopes: ['memories:read'] });
  const victimAdmin = await issueApiKey(h.store, b.id, { scopes: ['admin'] });

  const victimSubjects = ['victim-user-1', 'victim-user-2', ...SHARED_SUBJECTS];
  const memoryIds: string[] = [];
  const contents: string[] = [];
  for (const [i, subject] of victimSubjects.entries()) {
    for (const [j, flavour] of ['passport in the blue drawer', 'likes green tea and honey'].entries()) {
      const content = `VICTIMCANARY${i}x${j} ${subject} ${flavour}`;
      contents.push(content);
      memoryIds.push(
        await remember(
          h,
          b.key,
          {
            subject,
            content,
            tags: [META_TAGS[(i + j) % META_TAGS.length]!, 'victim-tag'],
            key: `pref-${j}`,
          },
          j === 0 ? { 'idempotency-key': `idem-${subject}` } : undefined,
        ),
      );
    }
  }
  // The same content and idempotency keys in the attacker tenant: dedupe and replay must stay per tenant.
  for (const subject of SHARED_SUBJECTS) {
    await remember(h, a.key, {
      subject,
      content: `attacker note for ${subject}`,
      tags: META_TAGS.slice(0, 3),
    });
  }
  await remember(h, a.key, { subject: 'shared', content: 'shared content in both tenants' });
  await remember(h, b.key, { subject: 'shared', content: 'shared content in both tenants' });
  const recall = await h.call('POST', '/v1/recall', {
    key: b.key,
    body: { subject: 'victim-user-1', query: 'passport drawer' },
  });
  const recallId = ((await recall.json()) as { recall_id: string }).recall_id;
  // Let the deferred bookkeeping of that recall land before the snapshot.
  await new Promise((resolve) => setTimeout(resolve, 200));

  const { keyId } = await keyFingerprint(b.key);
  const revokedVictimKey = await issueApiKey(h.store, b.id);
  await revokeApiKey(h.store, (await keyFingerprint(revokedVictimKey)).keyId);
  const now = nowSeconds();
  const victimUser = userClaims('victim-user-1', b.id);
  const credentials: Credential[] = [
    { label: 'attacker key', token: a.key, expect: 'ok' },
    { label: 'attacker admin key', token: adminKey, expect: 'ok' },
    { label: 'attacker read-only key', token: readKey, expect: 'ok' },
    { label: 'attacker user jwt', token: await signHs256(userClaims('attacker-user', a.id)), expect: 'ok' },
    // An attacker-tenant user whose sub equals a victim subject: still the attacker tenant.
    {
      label: 'attacker user named like a victim subject',
      token: await signHs256(userClaims('victim-user-1', a.id)),
      expect: 'ok',
    },
    {
      label: 'jwt with the victim tenant in user_metadata',
      token: await signHs256(userClaims('attacker-user', a.id, { user_metadata: { tenant_id: b.id } })),
      expect: 'ok',
    },
    { label: 'no credentials', token: null, expect: 401 },
    { label: 'garbage', token: 'not-a-key', expect: 401 },
    {
      label: 'victim key, one char changed',
      token: `${b.key.slice(0, -1)}${b.key.endsWith('A') ? 'B' : 'A'}`,
      expect: 401,
    },
    { label: 'revoked victim key', token: revokedVictimKey, expect: 401 },
    {
      label: 'forged victim jwt (foreign secret)',
      token: await signHs256(victimUser, 'attacker-secret-that-is-at-least-32-chars'),
      expect: 401,
    },
    {
      label: 'expired victim jwt',
      token: await signHs256({ ...victimUser, exp: now - 3600, iat: now - 7200 }),
      expect: 401,
    },
    {
      label: 'not-yet-valid victim jwt',
      token: await signHs256({ ...victimUser, nbf: now + 3600 }),
      expect: 401,
    },
    { label: 'alg none victim jwt', token: unsignedToken(victimUser), expect: 401 },
    {
      label: 'victim jwt for another audience',
      token: await signHs256({ ...victimUser, aud: 'anon' }),
      expect: 401,
    },
    {
      label: 'jwt without a tenant',
      token: await signHs256(userClaims('x', a.id, { app_metadata: {} })),
      expect: 403,
    },
  ];

  const canaries = [
    ...contents,
    'VICTIMCANARY',
    ...memoryIds,
    b.id,
    recallId,
    b.key,
    victimAdmin,
    keyId,
    // Subject names are not secrets (an attacker may use the same ones in its own tenant): the contents,
    // which embed them, are the canaries.
    'victim-co',
    'victim-tag',
  ];
  let count = 0;

  return {
    h,
    db: database.db,
    attacker: { id: a.id, key: a.key, adminKey, readKey },
    victim: { id: b.id, key: b.key, keyId, memoryIds, recallId, subjects: victimSubjects, canaries },
    credentials,
    async snapshot() {
      // As the login role (the owner or a superuser): every row of the victim, whatever RLS would show.
      const { rows } = await database.db.query<{ t: string; k: string; r: string }>(
        `select 'memory' as t, m.id::text as k, (to_jsonb(m) - 'search_tsv')::text as r from engram.memories m where m.tenant_id = $1
         union all select 'embedding', e.memory_id::text || e.model, pg_catalog.md5(e.embedding::text) || e.subject from engram.memory_embeddings e where e.tenant_id = $1
         union all select 'audit', a.id::text, to_jsonb(a)::text from engram.audit_events a where a.tenant_id = $1
         union all select 'key', k.id, to_jsonb(k)::text from engram.api_keys k where k.tenant_id = $1
         union all select 'recall', r.id::text, to_jsonb(r)::text from engram.recall_events r where r.tenant_id = $1
         union all select 'recall stats', s.memory_id::text, to_jsonb(s)::text from engram.memory_recall_stats s where s.tenant_id = $1
         union all select 'tenant', t.id::text, to_jsonb(t)::text from engram.tenants t where t.id = $1
         order by 1, 2`,
        [b.id],
      );
      return rows.map((row) => `${row.t} ${row.k} ${row.r}`).join('\n');
    },
    async check(label, res) {
      count++;
      const text = await res.text();
      if (res.status >= 500) throw new Error(`${label}: ${res.status} ${text.slice(0, 200)}`);
      for (const canary of canaries) {
        if (text.includes(canary)) throw new Error(`${label}: leaked a victim value (${res.status})`);
      }
      return { status: res.status, text };
    },
    requests: () => count,
  };
}
