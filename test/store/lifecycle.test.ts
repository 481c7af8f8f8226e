// A memory's life through the store on every backend: replace, list by subject and source, export, the audit
// trail, TTL (expired rows never surface) and the sweep that deletes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../src/contract/index.ts';
import type { ExportCursor } from '../../src/ports/store.ts';
import { runSweep } from '../../src/services/sweep.ts';
import { backends } from '../support/databases.ts';
import { record } from '../support/records.ts';
import { leaks, scanAllRows } from '../support/scan.ts';
import { openStoreFixture, type StoreFixture, testEmbedder } from '../support/store-fixture.ts';

const PAST = '2020-01-01T00:00:00.000Z';
const vec = async (text: string) => ({
  model: testEmbedder.model,
  vector: (await testEmbedder.embedDocuments([text]))[0]!,
});

describe.each(backends)('memory lifecycle on $name', ({ open }) => {
  let f: StoreFixture;
  const vectorsOf = async (id: string) =>
    (
      await f.db.query<{ n: number }>(
        'select count(*)::int as n from engram.memory_embeddings where memory_id = $1',
        [id],
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    f = await openStoreFixture(open, 'lifecycle');
  });
  afterAll(async () => {
    await f.database.drop();
  });

  describe('replace', () => {
    it('supersedes the old version, links both ways, moves the vector and audits, in one call', async () => {
      const old = await f.store.withTenant(f.asA(), async (tx) =>
        tx.writeMemory(await record({ subject: 'rita', content: 'Rita works at Acme' }), await vec('Acme')),
      );
      const out = await f.store.withTenant(f.asA('api_key:r1'), async (tx) =>
        tx.replaceMemory(
          old.memory.id,
          // The subject in the record is ignored: a replacement stays in the old memory's subject.
          await record({ subject: 'someone-else', content: 'Rita works at Globex' }),
          await vec('Globex'),
          'changed jobs',
        ),
      );
      expect(out.status).toBe('replaced');
      expect(out.memory).toMatchObject({
        subject: 'rita',
        content: 'Rita works at Globex',
        supersedes: old.memory.id,
      });
      expect(out.replaced).toMatchObject({ id: old.memory.id, superseded_by: out.memory!.id });
      const chain = await f.store.withTenant(f.asA(), (tx) => tx.getMemory(out.memory!.id));
      expect(chain?.chain).toEqual({ older: [old.memory.id], newer: [] });
      expect(await vectorsOf(old.memory.id)).toBe(0);
      expect(await vectorsOf(out.memory!.id)).toBe(1);
      expect(out.memory!.embedding).toEqual({ model: testEmbedder.model, status: 'ready' });
      const live = await f.store.withTenant(f.asA(), (tx) => tx.listMemories({ subject: 'rita', limit: 10 }));
      expect(live.map((m) => m.id)).toEqual([out.memory!.id]);
      const trail = await f.store.withTenant(f.asA(), (tx) =>
        tx.listAudit({ memoryId: old.memory.id, limit: 10 }),
      );
      expect(trail.map((e) => [e.action, e.memory_id, e.related_ids, e.reason])).toEqual([
        ['write', old.memory.id, [], null],
        ['replace', old.memory.id, [out.memory!.id], 'changed jobs'],
      ]);
      expect(trail[1]!.actor).toBe('api_key:r1');
    });

    it('replaces with unchanged content (a new version), keeps one live version per key', async () => {
      const v1 = await f.store.withTenant(f.asA(), async (tx) =>
        tx.writeMemory(await record({ subject: 'sam', content: 'Sam lives in Oslo', key: 'home' })),
      );
      const v2 = await f.store.withTenant(f.asA(), async (tx) =>
        tx.replaceMemory(
          v1.memory.id,
          await record({ subject: 'sam', content: 'Sam lives in Oslo', key: 'home' }),
        ),
      );
      expect(v2.status).toBe('replaced');
      expect(v2.memory!.id).not.toBe(v1.memory.id);
      const live = await f.store.withTenant(f.asA(), (tx) => tx.listMemories({ subject: 'sam', limit: 10 }));
      expect(live.map((m) => m.id)).toEqual([v2.memory!.id]);
    });

    it('refuses content that is already live as another memory, and changes nothing', async () => {
      const [a, b] = await f.store.withTenant(f.asA(), async (tx) => [
        await tx.writeMemory(await record({ subject: 'tom', content: 'Tom likes chess' })),
        await tx.writeMemory(await record({ subject: 'tom', content: 'Tom likes go' })),
      ]);
      const out = await f.store.withTenant(f.asA(), async (tx) =>
        tx.replaceMemory(a!.memory.id, await record({ subject: 'tom', content: 'Tom likes go' })),
      );
      expect(out.status).toBe('duplicate');
      expect(out.memory?.id).toBe(b!.memory.id);
      const after = await f.store.withTenant(f.asA(), (tx) => tx.getMemory(a!.memory.id));
      expect(after?.superseded_by).toBeNull();
    });

    it('reports revoked, superseded, expired and foreign or unknown ids, and leaves them alone', async () => {
      const ids = await f.store.withTenant(f.asA(), async (tx) => {
        const revoked = await tx.writeMemory(await record({ subject: 'uma', content: 'revoked one' }));
        await tx.revokeMemory(revoked.memory.id, 'x');
        const expired = await tx.writeMemory(
          await record({ subject: 'uma', content: 'expired one', expires_at: PAST }),
        );
        const old = await tx.writeMemory(await record({ subject: 'uma', content: 'v1', key: 'k' }));
        await tx.writeMemory(await record({ subject: 'uma', content: 'v2', key: 'k' }));
        return { revoked: revoked.memory.id, expired: expired.memory.id, superseded: old.memory.id };
      });
      const attempt = (id: string, scope = f.asA()) =>
        f.store.withTenant(scope, async (tx) =>
          tx.replaceMemory(id, await record({ subject: 'uma', content: 'new content' })),
        );
      expect((await attempt(ids.revoked)).status).toBe('revoked');
      expect((await attempt(ids.superseded)).status).toBe('superseded');
      expect((await attempt(ids.expired)).status).toBe('expired');
      const foreign = await attempt(ids.superseded, f.asB());
      expect(foreign).toEqual({ status: 'not_found', memory: null, replaced: null, superseded: [] });
      expect((await attempt('00000000-0000-4000-8000-000000000000')).status).toBe('not_found');
      const live = await f.store.withTenant(f.asA(), (tx) => tx.listMemories({ subject: 'uma', limit: 10 }));
      expect(live.map((m) => m.content)).toEqual(['v2']);
    });

    it('rolls back entirely when the new version is invalid: the old one stays live', async () => {
      const old = await f.store.withTenant(f.asA(), async (tx) =>
        tx.writeMemory(await record({ subject: 'vic', content: 'Vic drives a van' })),
      );
      const attempt = f.store.withTenant(f.asA(), async (tx) =>
        tx.replaceMemory(old.memory.id, await record({ subject: 'vic', content: 'v'.repeat(8001) })),
      );
      await expect(attempt).rejects.toMatchObject({ code: 'invalid_request' });
      const after = await f.store.withTenant(f.asA(), (tx) => tx.getMemory(old.memory.id));
      expect(after?.superseded_by).toBeNull();
    });
  });

  describe('list and export', () => {
    it('lists by subject and by source uri, never crossing subjects or tenants', async () => {
      await f.store.withTenant(f.asA(), async (tx) => {
        await tx.writeMemory(
          await record({ subject: 'wes', content: 'from doc one', source: { type: 'app', uri: 'doc://1' } }),
        );
        await tx.writeMemory(
          await record({ subject: 'wes', content: 'from doc two', source: { type: 'app', uri: 'doc://2' } }),
        );
        await tx.writeMemory(
          await record({
            subject: 'xia',
            content: 'xia from doc one',
            source: { type: 'app', uri: 'doc://1' },
          }),
        );
      });
      await f.store.withTenant(f.asB(), async (tx) =>
        tx.writeMemory(
          await record({
            subject: 'wes',
            content: 'B from doc one',
            source: { type: 'app', uri: 'doc://1' },
          }),
        ),
      );
      const list = (filter: { subject?: string; sourceUri?: string }) =>
        f.store.withTenant(f.asA(), (tx) => tx.listMemories({ ...filter, limit: 50 }));
      expect((await list({ subject: 'wes' })).map((m) => m.content).sort()).toEqual([
        'from doc one',
        'from doc two',
      ]);
      expect((await list({ sourceUri: 'doc://1' })).map((m) => m.content).sort()).toEqual([
        'from doc one',
        'xia from doc one',
      ]);
      expect((await list({ subject: 'wes', sourceUri: 'doc://1' })).map((m) => m.content)).toEqual([
        'from doc one',
      ]);
      expect(await list({ sourceUri: 'doc://none' })).toEqual([]);
    });

    it('exports every version oldest first (revoked and superseded too, expired not), page by page', async () => {
      const written: string[] = [];
      for (let i = 0; i < 5; i++) {
        const out = await f.store.withTenant(f.asA(), async (tx) =>
          tx.writeMemory(
            await record({ subject: 'yan', content: `yan note ${i}`, key: i < 2 ? 'k' : undefined }),
          ),
        );
        written.push(out.memory.id);
      }
      await f.store.withTenant(f.asA(), (tx) => tx.revokeMemory(written[3]!, 'no'));
      await f.store.withTenant(f.asA(), async (tx) =>
        tx.writeMemory(await record({ subject: 'yan', content: 'yan expired', expires_at: PAST })),
      );
      const exported: Memory[] = [];
      let after: ExportCursor | undefined;
      let pages = 0;
      do {
        const page = await f.store.withTenant(f.asA(), (tx) => tx.exportSubject('yan', 2, after));
        exported.push(...page.items);
        after = page.next ?? undefined;
        pages += 1;
      } while (after);
      expect(exported.map((m) => m.id)).toEqual(written);
      expect(pages).toBe(3);
      expect(exported[0]!.superseded_by).toBe(written[1]);
      expect(exported[3]!.revoked_reason).toBe('no');
      expect(await f.store.withTenant(f.asB(), (tx) => tx.exportSubject('yan', 10))).toEqual({
        items: [],
        next: null,
      });
    });
  });

  describe('audit', () => {
    it("reconstructs a memory's life from the trail: write, supersede, revoke, swept", async () => {
      const v1 = await f.store.withTenant(f.asA('api_key:writer'), async (tx) =>
        tx.writeMemory(await record({ subject: 'zoe', content: 'Zoe is vegetarian', key: 'diet' })),
      );
      const v2 = await f.store.withTenant(f.asA('jwt:zoe'), async (tx) =>
        tx.writeMemory(await record({ subject: 'zoe', content: 'Zoe is vegan', key: 'diet' })),
      );
      await f.store.withTenant(f.asA('api_key:moderator'), (tx) => tx.revokeMemory(v1.memory.id, 'outdated'));
      await f.db.query("update engram.memories set revoked_at = now() - interval '40 days' where id = $1", [
        v1.memory.id,
      ]);
      await runSweep(f.store, { revokedRetentionDays: 30 });

      const trail = await f.store.withTenant(f.asA(), (tx) =>
        tx.listAudit({ memoryId: v1.memory.id, limit: 50 }),
      );
      const life = trail.map((e) => ({
        action: e.action,
        actor: e.actor,
        about: e.memory_id,
        related: e.related_ids,
      }));
      expect(life).toEqual([
        { action: 'write', actor: 'api_key:writer', about: v1.memory.id, related: [] },
        { action: 'write', actor: 'jwt:zoe', about: v2.memory.id, related: [v1.memory.id] },
        { action: 'supersede', actor: 'jwt:zoe', about: v1.memory.id, related: [v2.memory.id] },
        { action: 'revoke', actor: 'api_key:moderator', about: v1.memory.id, related: [] },
        { action: 'sweep', actor: 'operator', about: null, related: expect.arrayContaining([v1.memory.id]) },
      ]);
      expect(trail[3]!.reason).toBe('outdated');
      expect(trail[4]!.details).toMatchObject({
        revoked_purged: expect.any(Number),
        expired: expect.any(Number),
      });
      const times = trail.map((e) => Date.parse(e.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(await f.store.withTenant(f.asA(), (tx) => tx.getMemory(v1.memory.id))).toBeNull();
      expect(
        await f.store.withTenant(f.asB(), (tx) => tx.listAudit({ memoryId: v1.memory.id, limit: 50 })),
      ).toEqual([]);
    });

    it('pages by cursor, filters by subject, and never holds content', async () => {
      await f.store.withTenant(f.asA(), async (tx) => {
        for (let i = 0; i < 5; i++)
          await tx.writeMemory(await record({ subject: 'audit-pager', content: `secret wombat ${i}` }));
      });
      const seen: string[] = [];
      let afterId: string | undefined;
      for (let page = 0; page < 10; page++) {
        const events = await f.store.withTenant(f.asA(), (tx) =>
          tx.listAudit({ subject: 'audit-pager', limit: 2, afterId }),
        );
        seen.push(...events.map((e) => e.id));
        if (events.length < 2) break;
        afterId = events.at(-1)!.id;
      }
      expect(seen).toHaveLength(5);
      expect(new Set(seen).size).toBe(5);
      const auditRows = (await scanAllRows(f.db)).filter((r) => r.table === 'engram.audit_events');
      expect(leaks(auditRows, ['wombat', 'vegetarian', 'Globex', 'Oslo'])).toEqual([]);
    });
  });

  describe('ttl', () => {
    it('expired memories never surface: list, lexical search, recall candidates, rules, export', async () => {
      await f.store.withTenant(f.asA(), async (tx) => {
        await tx.writeMemory(
          await record({ subject: 'ttl-user', content: 'Parking spot is B12 today', expires_at: PAST }),
          await vec('B12'),
        );
        await tx.writeMemory(
          await record({ subject: 'ttl-user', content: 'Parking permit renewed' }),
          await vec('permit'),
        );
        await tx.writeMemory(
          await record({
            subject: 'ttl-user',
            content: 'Remind about parking',
            kind: 'rule',
            trigger: 'parking',
            expires_at: PAST,
          }),
        );
        await tx.writeMemory(
          await record({
            subject: 'ttl-user',
            content: 'Parking until tomorrow',
            expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          }),
        );
      });
      const contents = (rows: { content: string }[]) => rows.map((r) => r.content).sort();
      const listed = await f.store.withTenant(f.asA(), (tx) =>
        tx.listMemories({ subject: 'ttl-user', limit: 50 }),
      );
      expect(contents(listed)).toEqual(['Parking permit renewed', 'Parking until tomorrow']);
      const withExpired = await f.store.withTenant(f.asA(), (tx) =>
        tx.listMemories({ subject: 'ttl-user', limit: 50, includeExpired: true }),
      );
      expect(withExpired).toHaveLength(4);
      const lexical = await f.store.withTenant(f.asA(), (tx) => tx.searchLexical('ttl-user', 'parking', 50));
      expect(contents(lexical.map((h) => h.memory))).toEqual([
        'Parking permit renewed',
        'Parking until tomorrow',
      ]);
      const query = await vec('B12');
      const recalled = await f.db.transaction(async (s) => {
        await s.query(
          "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
          [f.tenantA],
        );
        const { rows } = await s.query<{ content: string }>(
          "select content from engram.recall_candidates(p_subject => 'ttl-user', p_query => 'parking', p_embedding => $1, p_model => $2)",
          [`[${query.vector.join(',')}]`, testEmbedder.model],
        );
        const rules = await s.query<{ m: Memory }>("select m from engram.subject_rules('ttl-user') as m");
        return { candidates: rows, rules: rules.rows };
      });
      expect(contents(recalled.candidates)).toEqual(['Parking permit renewed', 'Parking until tomorrow']);
      expect(recalled.rules).toEqual([]);
      const exported = await f.store.withTenant(f.asA(), (tx) => tx.exportSubject('ttl-user', 50));
      expect(contents(exported.items)).toEqual(['Parking permit renewed', 'Parking until tomorrow']);
    });

    it('the sweep deletes expired rows in batches, purges revoked rows after the retention, and audits counts', async () => {
      // Start from a clean slate: earlier tests left expired rows behind on purpose.
      await runSweep(f.store, { revokedRetentionDays: 30 });
      const ids = await f.store.withTenant(f.asA(), async (tx) => {
        const out: string[] = [];
        for (let i = 0; i < 5; i++) {
          const m = await tx.writeMemory(
            await record({ subject: 'sweep-a', content: `gone soon ${i}`, expires_at: PAST }),
            await vec(`gone ${i}`),
          );
          out.push(m.memory.id);
        }
        return out;
      });
      await f.store.withTenant(f.asB(), async (tx) => {
        // Expired later than tenant A's rows: the sweep takes the oldest expiry first.
        await tx.writeMemory(
          await record({ subject: 'sweep-b', content: 'b gone', expires_at: '2021-01-01T00:00:00.000Z' }),
        );
        await tx.writeMemory(await record({ subject: 'sweep-b', content: 'b stays' }));
      });
      const revoked = await f.store.withTenant(f.asA(), async (tx) => {
        const out: string[] = [];
        for (let i = 0; i < 3; i++) {
          const m = await tx.writeMemory(await record({ subject: 'sweep-a', content: `revoked ${i}` }));
          await tx.revokeMemory(m.memory.id, 'r');
          out.push(m.memory.id);
        }
        return out;
      });
      // Two revoked long ago, one just now.
      await f.db.query(
        "update engram.memories set revoked_at = now() - interval '31 days' where id = any($1::uuid[])",
        [revoked.slice(0, 2)],
      );

      const first = await f.store.withOperator((op) => op.sweepExpired(4, 30));
      expect(first).toEqual({ expired: 4, revokedPurged: 0, embeddings: 4, skipped: 0 });
      const rest = await runSweep(f.store, { batchSize: 4, revokedRetentionDays: 30 });
      // A full second batch (2 expired + 2 revoked) means there may be more: a third one finds nothing.
      expect(rest).toMatchObject({
        expired: 2,
        revokedPurged: 2,
        embeddings: 1,
        batches: 2,
        done: true,
        skipped: 0,
      });
      const remaining = await f.db.query<{ id: string }>(
        'select id from engram.memories where id = any($1::uuid[])',
        [[...ids, ...revoked]],
      );
      expect(remaining.rows.map((r) => r.id)).toEqual([revoked[2]]);
      const stays = await f.store.withTenant(f.asB(), (tx) =>
        tx.listMemories({ subject: 'sweep-b', limit: 10 }),
      );
      expect(stays.map((m) => m.content)).toEqual(['b stays']);
      // Retention 0 purges everything revoked before this transaction (earlier tests revoked some too).
      const revokedNow = await f.db.query<{ n: number }>(
        'select count(*)::int as n from engram.memories where revoked_at is not null',
      );
      expect(revokedNow.rows[0]!.n).toBeGreaterThan(1);
      expect(await runSweep(f.store, { revokedRetentionDays: 0 })).toMatchObject({
        revokedPurged: revokedNow.rows[0]!.n,
        done: true,
      });
      expect(await vectorsOf(revoked[2]!)).toBe(0);
      const gone = await f.db.query('select 1 from engram.memories where revoked_at is not null');
      expect(gone.rows).toEqual([]);

      const sweeps = await f.store.withTenant(f.asB(), (tx) => tx.listAudit({ limit: 200 }));
      const bSweep = sweeps.filter((e) => e.action === 'sweep');
      expect(bSweep).toHaveLength(1);
      expect(bSweep[0]!.details).toEqual({
        expired: 1,
        revoked_purged: 0,
        embeddings: 0,
        revoked_retention_days: 30,
      });
    });

    it('sweeping the old end of a supersession chain clears the link of the live version', async () => {
      const [v1, v2] = await f.store.withTenant(f.asA(), async (tx) => [
        await tx.writeMemory(await record({ subject: 'chain', content: 'old', key: 'c', expires_at: PAST })),
        await tx.writeMemory(await record({ subject: 'chain', content: 'new', key: 'c' })),
      ]);
      expect(v2!.memory.supersedes).toBe(v1!.memory.id);
      await runSweep(f.store);
      const live = await f.store.withTenant(f.asA(), (tx) => tx.getMemory(v2!.memory.id));
      expect(live?.supersedes).toBeNull();
      expect(live?.chain.older).toEqual([]);
    });
  });
});
