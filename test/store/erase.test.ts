// Erasure of a subject and of a tenant, on every store backend: hard delete, redacted trail, receipt, and a scan
// of every row of every table that finds nothing of what was erased while everything else is intact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/databases.ts';
import { record } from '../support/records.ts';
import { leaks, scanAllRows } from '../support/scan.ts';
import { openStoreFixture, type StoreFixture, testEmbedder } from '../support/store-fixture.ts';

const SUBJECT = 'zeta-erase-subject-91';
const OTHER = 'keep-subject-17';
const vec = async (text: string) => ({
  model: testEmbedder.model,
  vector: (await testEmbedder.embedDocuments([text]))[0]!,
});

// Everything the erased subject put into the database: content, tags, key, metadata, source, context, reasons.
const ERASED = {
  recipe: 'Quokka marmalade recipe from grandma Ottoline',
  officeOld: 'Office is in Reykjavik near the axolotl pond',
  officeNew: 'Office is in Trondheim by the fjord',
  revoked: 'Allergic to kumquat blossoms',
  revokeReason: 'wrong: not kumquat but Ottoline pollen',
  draft: 'Drafted the pelican migration report',
  replacement: 'Finished the pelican migration report',
  replaceReason: 'pelican report is done',
  episode: 'Talked about the zebu festival',
  context: 'neighbouring turn about narwhal tusks',
  tag: 'tagzebu',
  key: 'office-flamingo',
  metadata: 'metavalue-wombat',
  uri: 'https://example.test/source-ibex',
};
// Single words too: the full-text vector stores stemmed lowercase lexemes, not the sentences.
const NEEDLES = [
  ...Object.values(ERASED),
  SUBJECT,
  'quokka',
  'axolotl',
  'kumquat',
  'pelican',
  'narwhal',
  'wombat',
  'ibex',
  'ottolin',
];

async function seedSubject(f: StoreFixture, tenant: 'A' | 'B', subject: string, marker: string) {
  const as = tenant === 'A' ? f.asA(`jwt:${subject}`) : f.asB(`jwt:${subject}`);
  return f.store.withTenant(as, async (tx) => {
    const recipe = await tx.writeMemory(
      await record({
        subject,
        content: `${ERASED.recipe}${marker}`,
        tags: [ERASED.tag],
        metadata: { note: ERASED.metadata },
        source: { type: 'user', uri: ERASED.uri },
      }),
      await vec(ERASED.recipe),
    );
    await tx.writeMemory(
      await record({ subject, content: `${ERASED.officeOld}${marker}`, key: ERASED.key }),
      await vec(ERASED.officeOld),
    );
    await tx.writeMemory(
      await record({ subject, content: `${ERASED.officeNew}${marker}`, key: ERASED.key }),
      await vec(ERASED.officeNew),
    );
    const revoked = await tx.writeMemory(await record({ subject, content: `${ERASED.revoked}${marker}` }));
    await tx.revokeMemory(revoked.memory.id, ERASED.revokeReason);
    const draft = await tx.writeMemory(await record({ subject, content: `${ERASED.draft}${marker}` }));
    await tx.replaceMemory(
      draft.memory.id,
      await record({ subject, content: `${ERASED.replacement}${marker}` }),
      await vec(ERASED.replacement),
      ERASED.replaceReason,
    );
    await tx.writeMemory(
      await record({
        subject,
        content: `${ERASED.episode}${marker}`,
        kind: 'episode',
        context_text: ERASED.context,
      }),
    );
    return recipe.memory.id;
  });
}

describe.each(backends)('erasure on $name', ({ open }) => {
  let f: StoreFixture;

  beforeAll(async () => {
    f = await openStoreFixture(open, 'erase');
  });
  afterAll(async () => {
    await f.database.drop();
  });

  it('erases a subject: every row of every table is free of it, other subjects and tenants are intact', async () => {
    const recipeId = await seedSubject(f, 'A', SUBJECT, '');
    // The same subject name in another tenant, and another subject of the same tenant, must survive.
    await seedSubject(f, 'B', SUBJECT, ' (tenant B)');
    await f.store.withTenant(f.asA(), async (tx) => {
      await tx.writeMemory(
        await record({ subject: OTHER, content: 'Keeps bees on the roof' }),
        await vec('bees'),
      );
      await tx.writeMemory(await record({ subject: OTHER, content: 'Prefers window seats' }));
    });

    const before = await scanAllRows(f.db);
    // Positive control: the scan does find every needle in tenant A's rows before the erasure.
    const tenantABefore = before.filter((r) => !r.text.includes(f.tenantB));
    for (const needle of NEEDLES) expect(leaks(tenantABefore, [needle]).length, needle).toBeGreaterThan(0);
    const untouched = (rows: typeof before) =>
      rows
        .filter((r) => r.text.includes(f.tenantB) || r.text.includes(OTHER))
        .map((r) => r.text)
        .sort();
    const expected = await f.db.query<{ memories: number; embeddings: number; events: number }>(
      `select (select count(*)::int from engram.memories where tenant_id = $1 and subject = $2) as memories,
              (select count(*)::int from engram.memory_embeddings where tenant_id = $1 and subject = $2) as embeddings,
              (select count(*)::int from engram.audit_events where tenant_id = $1 and subject = $2) as events`,
      [f.tenantA, SUBJECT],
    );

    const result = await f.store.withTenant(f.asA('api_key:eraser'), (tx) => tx.eraseSubject(SUBJECT));

    expect(result.erased).toEqual({
      memories: expected.rows[0]!.memories,
      embeddings: expected.rows[0]!.embeddings,
      audit_events_redacted: expected.rows[0]!.events,
    });
    expect(result.erased.memories).toBe(7);
    expect(result.erased.embeddings).toBe(3);
    expect(result.marker).toMatch(/^erased:[0-9a-f]{12}$/);

    const after = await scanAllRows(f.db);
    const tenantARows = after.filter((r) => !r.text.includes(f.tenantB));
    expect(leaks(tenantARows, NEEDLES)).toEqual([]);
    // Tenant B's copy of the same subject and tenant A's other subject: byte for byte what they were.
    expect(untouched(after)).toEqual(untouched(before));
    const survivors = await f.store.withTenant(f.asB(), (tx) =>
      tx.listMemories({ subject: SUBJECT, limit: 50 }),
    );
    expect(survivors.length).toBeGreaterThan(0);

    // The trail stays, redacted: who did what to which ids, when; no subject, reason or free-text details.
    const trail = await f.store.withTenant(f.asA(), (tx) =>
      tx.listAudit({ subject: result.marker, limit: 200 }),
    );
    const receipt = trail.find((e) => e.id === result.receipt_id);
    expect(receipt).toMatchObject({
      action: 'erase_subject',
      actor: 'api_key:eraser',
      memory_id: null,
      details: result.erased,
    });
    const redacted = trail.filter((e) => e.action !== 'erase_subject');
    expect(redacted).toHaveLength(result.erased.audit_events_redacted);
    for (const event of redacted) {
      expect(event.redacted_at).not.toBeNull();
      expect(event.reason).toBeNull();
      expect(event.actor).toBe(`jwt:${result.marker}`);
      for (const value of Object.values(event.details)) expect(typeof value).toBe('number');
    }
    expect(new Set(redacted.map((e) => e.action))).toEqual(
      new Set(['write', 'supersede', 'revoke', 'replace']),
    );
    const byMemory = await f.store.withTenant(f.asA(), (tx) =>
      tx.listAudit({ memoryId: recipeId, limit: 50 }),
    );
    expect(byMemory.map((e) => e.action)).toEqual(['write']);
    expect(await f.store.withTenant(f.asA(), (tx) => tx.listAudit({ subject: SUBJECT, limit: 50 }))).toEqual(
      [],
    );
  });

  it('erasing a subject with nothing stored still gives a receipt with zero counts', async () => {
    const result = await f.store.withTenant(f.asA(), (tx) => tx.eraseSubject('nobody-here'));
    expect(result.erased).toEqual({ memories: 0, embeddings: 0, audit_events_redacted: 0 });
    expect(result.receipt_id).toMatch(/^\d+$/);
  });

  it('a redacted event cannot be rewritten afterwards', async () => {
    await f.store.withTenant(f.asA(), async (tx) =>
      tx.writeMemory(await record({ subject: 'twice', content: 'something to erase' })),
    );
    const { marker } = await f.store.withTenant(f.asA(), (tx) => tx.eraseSubject('twice'));
    const rewrite = f.db.transaction(async (s) => {
      await s.query(
        "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
        [f.tenantA],
      );
      await s.query(
        "update engram.audit_events set subject = 'twice', redacted_at = now() where subject = $1",
        [marker],
      );
    });
    await expect(rewrite).rejects.toMatchObject({ code: '42501' });
  });

  it('erases a whole tenant (operator): nothing of it is left but the receipt, the other tenant is intact', async () => {
    const gammaName = 'tenant-gamma-erase-55';
    const gamma = await f.store.withOperator((op) => op.createTenant(gammaName));
    await f.store.withOperator((op) =>
      op.createApiKey({
        tenantId: gamma,
        keyId: 'gammakey0001',
        secretHash: 'c'.repeat(64),
        scopes: ['admin'],
      }),
    );
    await f.store.withTenant({ tenantId: gamma, actor: 'test:gamma' }, async (tx) => {
      await tx.writeMemory(
        await record({ subject: 'gamma-user-1', content: 'Gamma loves the okapi exhibit' }),
        await vec('okapi'),
      );
      const m = await tx.writeMemory(
        await record({ subject: 'gamma-user-2', content: 'Gamma hates tapir jokes' }),
      );
      await tx.revokeMemory(m.memory.id, 'gamma reason');
    });
    const before = await scanAllRows(f.db);
    const needles = [
      gammaName,
      'gamma-user-1',
      'gamma-user-2',
      'okapi',
      'tapir',
      'gamma reason',
      'c'.repeat(64),
    ];
    for (const needle of needles) expect(leaks(before, [needle]).length, needle).toBeGreaterThan(0);
    const othersBefore = before.filter((r) => !r.text.includes(gamma)).map((r) => r.text);

    const result = await f.store.withOperator((op) => op.eraseTenant(gamma));

    expect(result?.erased).toEqual({ memories: 2, embeddings: 1, audit_events: 3, api_keys: 1 });
    const after = await scanAllRows(f.db);
    expect(leaks(after, needles)).toEqual([]);
    const gammaRows = after.filter((r) => r.text.includes(gamma));
    expect(gammaRows).toHaveLength(1);
    expect(gammaRows[0]!.table).toBe('engram.audit_events');
    expect(gammaRows[0]!.text).toContain('erase_tenant');
    // Every other row is still there (the receipt is the only new one).
    const othersAfter = after.filter((r) => !r.text.includes(gamma)).map((r) => r.text);
    expect(othersAfter.sort()).toEqual(othersBefore.sort());
    expect(await f.store.withOperator((op) => op.eraseTenant(gamma))).toBeNull();
  });

  it('a tenant role cannot erase a tenant', async () => {
    const attempt = f.db.transaction(async (s) => {
      await s.query(
        "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
        [f.tenantB],
      );
      await s.query('select engram.erase_tenant($1::uuid)', [f.tenantA]);
    });
    await expect(attempt).rejects.toMatchObject({ code: '42501' });
  });
});
