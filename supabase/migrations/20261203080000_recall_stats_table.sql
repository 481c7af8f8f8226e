-- Recall bookkeeping (recall_count, last_recalled_at) moves out of engram.memories into a narrow table of its own
-- (issue 18 item 4: bookkeeping off the hot path, and cheap). Every recall's bookkeeping updated the memories it
-- returned, and an update of a memories row recomputes its stored generated search_tsv (to_tsvector of content,
-- tags and context), fires the updated_at trigger and, when the page is full, leaves a dead version in each of the
-- table's 15 indexes that the lexical lane then walks past. Measured on PostgreSQL 15 (10,000 LoCoMo-like rows, 20
-- batches of 42 ids, three rounds interleaved): 39-44 ms for the updates of memories (98% of them HOT), 2.8-3.1 ms
-- for the same counts upserted here; the HTTP throughput bench at 16 clients spent 25 ms a bookkeeping batch in
-- mark_recalled. A recall no longer moves a memory's updated_at either: the row itself is not written.
create table engram.memory_recall_stats (
  memory_id uuid primary key,
  tenant_id uuid not null,
  subject text not null,
  recall_count integer not null check (recall_count >= 0),
  last_recalled_at timestamptz not null,
  -- Same tenant and subject as the memory, and gone with it (erasure leaves nothing behind).
  foreign key (memory_id, tenant_id, subject) references engram.memories (id, tenant_id, subject) on delete cascade
) with (fillfactor = 70);
comment on table engram.memory_recall_stats is 'Recall bookkeeping, one row per memory ever recalled: how often and when last (ids and counts only). Kept apart from memories so that counting a recall never rewrites a memory row.';

alter table engram.memory_recall_stats enable row level security;
alter table engram.memory_recall_stats force row level security;
create policy memory_recall_stats_select_engram_app on engram.memory_recall_stats for select to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy memory_recall_stats_insert_engram_app on engram.memory_recall_stats for insert to engram_app with check (tenant_id = (select engram.app_tenant_id()));
create policy memory_recall_stats_update_engram_app on engram.memory_recall_stats for update to engram_app using (tenant_id = (select engram.app_tenant_id())) with check (tenant_id = (select engram.app_tenant_id()));
create policy memory_recall_stats_delete_engram_app on engram.memory_recall_stats for delete to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy memory_recall_stats_select_authenticated on engram.memory_recall_stats for select to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy memory_recall_stats_select_engram_operator on engram.memory_recall_stats for select to engram_operator using (true);
create policy memory_recall_stats_insert_engram_operator on engram.memory_recall_stats for insert to engram_operator with check (true);
create policy memory_recall_stats_update_engram_operator on engram.memory_recall_stats for update to engram_operator using (true) with check (true);
create policy memory_recall_stats_delete_engram_operator on engram.memory_recall_stats for delete to engram_operator using (true);
grant select, insert, update, delete on engram.memory_recall_stats to engram_app, engram_operator;
grant select on engram.memory_recall_stats to authenticated;

-- The counts so far, moved as the operator (memories forces row-level security, also on the migration's owner
-- where it lacks BYPASSRLS).
set local role engram_operator;
insert into engram.memory_recall_stats (memory_id, tenant_id, subject, recall_count, last_recalled_at)
select m.id, m.tenant_id, m.subject, m.recall_count, coalesce(m.last_recalled_at, m.updated_at)
  from engram.memories m
 where m.recall_count > 0 or m.last_recalled_at is not null;
reset role;

-- A memory's bookkeeping in its API shape. Its own function, so that memory_json stays a single expression the
-- planner inlines (a subquery in it would make every call a function call; see iso): this lookup by primary key is
-- the only per-row call left.
create function engram.recall_stats_json(p_memory_id uuid)
returns jsonb
language sql
stable
as $$
  select pg_catalog.jsonb_build_object(
    'last_recalled_at', engram.iso(s.last_recalled_at),
    'recall_count', coalesce(s.recall_count, 0))
    from (select) one
    left join engram.memory_recall_stats s on s.memory_id = p_memory_id
$$;
comment on function engram.recall_stats_json(uuid) is 'last_recalled_at and recall_count of one memory (null and 0 when never recalled), for memory_json.';
revoke execute on function engram.recall_stats_json(uuid) from public;
grant execute on function engram.recall_stats_json(uuid) to engram_app, authenticated, engram_operator;

create or replace function engram.memory_json(m engram.memories)
returns jsonb
language sql
stable
as $$
  select pg_catalog.jsonb_build_object(
    'id', m.id,
    'subject', m.subject,
    'kind', m.kind,
    'content', m.content,
    'tags', pg_catalog.to_jsonb(m.tags),
    'importance', m.importance,
    'trust', m.trust,
    'confidence', m.confidence,
    'source', pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'type', m.source_type, 'uri', m.source_uri, 'id', m.source_id, 'session', m.source_session)),
    'key', m.key,
    'facet', m.facet,
    'polarity', m.polarity,
    'trigger', m.trigger,
    'language', m.language,
    'flags', pg_catalog.to_jsonb(m.flags),
    'created_at', engram.iso(m.created_at),
    'updated_at', engram.iso(m.updated_at),
    'valid_from', engram.iso(m.valid_from),
    'expires_at', engram.iso(m.expires_at),
    'revoked_at', engram.iso(m.revoked_at),
    'revoked_reason', m.revoked_reason,
    'supersedes', m.supersedes,
    'superseded_by', m.superseded_by,
    'embedding', pg_catalog.jsonb_build_object('model', m.embedding_model, 'status', m.embedding_status),
    'metadata', m.metadata
  ) || engram.recall_stats_json(m.id)
$$;

-- Each occurrence of an id counts once: a batch of recalls passes all their returned ids in one call (an id three
-- recalls returned counts three), and one recall's ids are distinct. Rows are written in id order, so two
-- batches that share memories lock them in the same order instead of deadlocking.
create or replace function engram.mark_recalled(p_ids uuid[])
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into engram.memory_recall_stats as s (memory_id, tenant_id, subject, recall_count, last_recalled_at)
  select m.id, m.tenant_id, m.subject, c.n, pg_catalog.now()
    from (select u.id, pg_catalog.count(*)::integer as n from pg_catalog.unnest(p_ids) u(id) group by u.id) c
    join engram.memories m on m.id = c.id
   where m.tenant_id = engram.current_tenant_id()
   order by m.id
  on conflict (memory_id) do update
     set recall_count = s.recall_count + excluded.recall_count, last_recalled_at = excluded.last_recalled_at
$$;
comment on function engram.mark_recalled(uuid[]) is 'Recall bookkeeping (recall_count, last_recalled_at in memory_recall_stats), run after the answer is sent; each occurrence of an id counts one recall.';

alter table engram.memories drop column last_recalled_at, drop column recall_count;
