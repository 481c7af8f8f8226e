// One subject of `rows` ready memories with random vectors, loaded in two statements (no API, no statistics
// refresh): what the stale-statistics benchmark and the plan-shape test load after an ANALYZE has seen a few rows,
// so that the planner's estimates know nothing of it. Every row says "Caroline said <one of five words> number <n>"
// (so a lexical query matches all or a fifth of it); every 50th is a preference, the rest episodes.
import type { SqlSession } from '../ports/sql.ts';

export function loadUniformSubject(
  db: Pick<SqlSession, 'exec'>,
  load: { tenantId: string; subject: string; rows: number; model: string; dims: number },
): Promise<void> {
  const { tenantId, subject, rows, model, dims } = load;
  // Values inlined: exec takes no parameters (the simple protocol runs both statements in one round trip).
  const text = (value: string) => `'${value.replaceAll("'", "''")}'`;
  return db.exec(`
    insert into engram.memories (id, tenant_id, subject, kind, content, trust, source_type, content_hash, embedding_status, embedding_model)
    select gen_random_uuid(), ${text(tenantId)}, ${text(subject)}, case when g % 50 = 0 then 'preference' else 'episode' end,
           'Caroline said ' || (array['pottery', 'painting', 'hiking', 'camping', 'music'])[1 + g % 5] || ' number ' || g,
           2, 'user', md5(${text(subject)} || g), 'ready', ${text(model)}
      from generate_series(1, ${Math.trunc(rows)}) g;
    insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding)
    select m.id, ${text(model)}, m.tenant_id, m.subject,
           (select array_agg(random() - 0.5) from generate_series(1, ${Math.trunc(dims)}) d where m.id is not null)::extensions.vector
      from engram.memories m where m.tenant_id = ${text(tenantId)} and m.subject = ${text(subject)};`);
}
