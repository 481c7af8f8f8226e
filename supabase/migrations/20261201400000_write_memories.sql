-- Set-based batch writes: engram.write_memory_run and engram.write_memories (see supabase/schemas/30_memory_rpc.sql).

-- Set-based batch writes (POST /v1/memories/batch, engram import). write_memory costs one plpgsql call, five
-- statements and one audit call a memory; a batch of plain memories (no key, no supersedable facet, no
-- idempotency key) needs none of its per-row logic, so write_memory_run stores such a run of items in two
-- statements whatever its length: one that inserts the rows, their vectors and their audit events (data-modifying
-- CTEs), one that reads back the duplicates. Items that can supersede or carry an idempotency key go through
-- write_memory itself, in batch order, so the semantics of each item (dedupe, supersession, idempotency, whatever
-- write_memory makes them) are exactly those of one write_memory call after another.
-- p_from and p_to are 0-based positions in p_memories; p_embeddings[i + 1] is item i's vector (null: pending).
create function engram.write_memory_run(
  p_memories jsonb, p_embeddings text[], p_model text, p_from integer, p_to integer
)
returns table (ord integer, memory jsonb, status text, superseded uuid[])
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_tenant uuid := engram.current_tenant_id();
  v_actor text := engram.current_actor();
  v_authenticated boolean := current_user = 'authenticated';
  v_created integer[];
begin
  if v_tenant is null then
    raise exception 'no tenant in this transaction' using errcode = '42501';
  end if;
  if exists (select 1 from pg_catalog.jsonb_array_elements(p_memories) with ordinality e(m, i)
              where e.i - 1 between p_from and p_to
                and (e.m ->> 'subject' is null or e.m ->> 'content_hash' is null)) then
    raise exception 'subject and content_hash are required' using errcode = '22023';
  end if;

  -- The first item of each (subject, content) in the run that is not live yet becomes a row; the rest are
  -- duplicates. ON CONFLICT: a concurrent writer stored the same content first (read back below).
  with items as (
    select (e.i - 1)::integer as i, e.m, e.m ->> 'subject' as subject, e.m ->> 'content_hash' as hash,
           coalesce(e.m -> 'source' ->> 'type', 'app') as source_type,
           -- As write_memory: the server sends the language it detected; other callers get it from SQL.
           coalesce(nullif(e.m ->> 'language', ''), engram.detect_language(e.m ->> 'content')) as lang
      from pg_catalog.jsonb_array_elements(p_memories) with ordinality e(m, i)
     where e.i - 1 between p_from and p_to
  ),
  fresh as (
    select distinct on (it.subject, it.hash) it.*, gen_random_uuid() as id
      from items it
     where not exists (
       select 1 from engram.memories m
        where m.tenant_id = v_tenant and m.subject = it.subject and m.content_hash = it.hash
          and m.revoked_at is null and m.superseded_by is null)
     order by it.subject, it.hash, it.i
  ),
  ins as (
    insert into engram.memories as m (
      id, tenant_id, subject, kind, content, tags, language, ts_config, context_text, importance, confidence, trust,
      source_type, source_uri, source_id, source_session, source_hash, content_hash,
      key, facet, polarity, trigger, metadata, flags, embedding_status, embedding_model,
      valid_from, expires_at, extraction_status
    )
    select f.id, v_tenant, f.subject, f.m ->> 'kind', f.m ->> 'content',
      coalesce((select pg_catalog.array_agg(t) from pg_catalog.jsonb_array_elements_text(f.m -> 'tags') t), '{}'),
      f.lang, engram.ts_config_for(f.lang),
      nullif(f.m ->> 'context_text', ''),
      coalesce((f.m ->> 'importance')::real, 0.5), coalesce((f.m ->> 'confidence')::real, 1),
      -- supabase-js callers skip the server's write gate: their trust is fixed from the source (as write_memory).
      case when v_authenticated then case f.source_type when 'external' then 0 when 'model' then 1 else 2 end
           else coalesce((f.m ->> 'trust')::smallint, 1) end,
      f.source_type, f.m -> 'source' ->> 'uri', f.m -> 'source' ->> 'id',
      f.m -> 'source' ->> 'session', f.m ->> 'source_hash', f.hash,
      nullif(f.m ->> 'key', ''), nullif(f.m ->> 'facet', ''), nullif(f.m ->> 'polarity', ''),
      nullif(f.m ->> 'trigger', ''), coalesce(f.m -> 'metadata', '{}'),
      coalesce((select pg_catalog.array_agg(g) from pg_catalog.jsonb_array_elements_text(f.m -> 'flags') g), '{}'),
      case when p_embeddings[f.i + 1] is null then 'pending' else 'ready' end,
      case when p_embeddings[f.i + 1] is null then null else p_model end,
      (f.m ->> 'valid_from')::timestamptz, (f.m ->> 'expires_at')::timestamptz,
      case when f.m ->> 'extraction_status' = 'pending' then 'pending' end
      from fresh f
     order by f.i
    on conflict do nothing
    returning m.id, m.subject, m.kind, m.trust, m.source_type
  ),
  vectors as (
    insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding)
    select ins.id, p_model, v_tenant, ins.subject, p_embeddings[f.i + 1]::extensions.vector
      from ins join fresh f on f.id = ins.id
     where p_embeddings[f.i + 1] is not null
  ),
  audited as (
    insert into engram.audit_events (tenant_id, subject, memory_id, related_ids, actor, action, details)
    select v_tenant, ins.subject, ins.id, '{}', coalesce(v_actor, 'unknown'), 'write',
           pg_catalog.jsonb_build_object('kind', ins.kind, 'trust', ins.trust, 'source_type', ins.source_type)
      from ins
  )
  -- The positions of the items that made a row (an in-batch duplicate joins the same row below).
  select coalesce(pg_catalog.array_agg(f.i), '{}') into v_created from ins join fresh f on f.id = ins.id;

  -- A new statement, so that rows a concurrent writer committed first are visible. Each duplicate is audited
  -- against the row it found, as write_memory audits one (consolidation records every decision).
  insert into engram.audit_events (tenant_id, subject, memory_id, related_ids, actor, action, details)
  select v_tenant, it.subject, m.id, '{}', coalesce(v_actor, 'unknown'), 'duplicate',
         pg_catalog.jsonb_build_object(
           'kind', it.m ->> 'kind',
           'trust', case when v_authenticated
                         then case it.source_type when 'external' then 0 when 'model' then 1 else 2 end
                         else coalesce((it.m ->> 'trust')::smallint, 1) end,
           'source_type', it.source_type)
    from (select (e.i - 1)::integer as i, e.m, e.m ->> 'subject' as subject, e.m ->> 'content_hash' as hash,
                 coalesce(e.m -> 'source' ->> 'type', 'app') as source_type
            from pg_catalog.jsonb_array_elements(p_memories) with ordinality e(m, i)
           where e.i - 1 between p_from and p_to) it
    join engram.memories m
      on m.tenant_id = v_tenant and m.subject = it.subject and m.content_hash = it.hash
     and m.revoked_at is null and m.superseded_by is null
   where not (it.i = any (v_created))
   order by it.i;

  return query
    select it.i, engram.memory_json(m),
           case when it.i = any (v_created) then 'created' else 'duplicate' end, '{}'::uuid[]
      from (select (e.i - 1)::integer as i, e.m ->> 'subject' as subject, e.m ->> 'content_hash' as hash
              from pg_catalog.jsonb_array_elements(p_memories) with ordinality e(m, i)
             where e.i - 1 between p_from and p_to) it
      left join engram.memories m
        on m.tenant_id = v_tenant and m.subject = it.subject and m.content_hash = it.hash
       and m.revoked_at is null and m.superseded_by is null
     order by it.i;
end
$$;
comment on function engram.write_memory_run(jsonb, text[], text, integer, integer) is 'Stores items p_from..p_to of p_memories, none of which supersedes or carries an idempotency key, set-based (see write_memories). One row per item: created or duplicate.';
revoke execute on function engram.write_memory_run(jsonb, text[], text, integer, integer) from public;
grant execute on function engram.write_memory_run(jsonb, text[], text, integer, integer) to engram_app, engram_operator;

-- Stores a batch of gate-accepted memories (p_memories a JSON array of write_memory's p_memory) with one vector
-- each (p_embeddings aligned with the array; null, or a null element: pending). Runs of plain items are stored
-- set-based (write_memory_run); an item with a key, an idempotency key or a facet with a polarity that can
-- supersede goes through write_memory, in order. One row per item with its 0-based position.
create function engram.write_memories(p_memories jsonb, p_embeddings text[] default null, p_model text default null)
returns table (ord integer, memory jsonb, status text, superseded uuid[])
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_count integer;
  v_start integer := 0;
  v_item jsonb;
  -- A model with a merge threshold merges near-duplicates by similarity (engram.consolidate_memory), which only
  -- write_memory decides: every item goes through it.
  v_per_item boolean := p_model is not null and exists (
    select 1 from engram.embedding_models em where em.model = p_model and em.merge_threshold is not null);
begin
  if engram.current_tenant_id() is null then
    raise exception 'no tenant in this transaction' using errcode = '42501';
  end if;
  if pg_catalog.jsonb_typeof(p_memories) is distinct from 'array' then
    raise exception 'p_memories must be a JSON array' using errcode = '22023';
  end if;
  v_count := pg_catalog.jsonb_array_length(p_memories);
  for i in 0 .. v_count - 1 loop
    v_item := p_memories -> i;
    if v_per_item or nullif(v_item ->> 'key', '') is not null or nullif(v_item ->> 'idempotency_key', '') is not null
       or (nullif(v_item ->> 'facet', '') is not null and v_item ->> 'polarity' in ('prefer', 'avoid')) then
      if i > v_start then
        return query select * from engram.write_memory_run(p_memories, p_embeddings, p_model, v_start, i - 1);
      end if;
      return query select i, w.memory, w.status, w.superseded
                     from engram.write_memory(v_item, p_embeddings[i + 1], p_model) w;
      v_start := i + 1;
    end if;
  end loop;
  if v_count > v_start then
    return query select * from engram.write_memory_run(p_memories, p_embeddings, p_model, v_start, v_count - 1);
  end if;
end
$$;
comment on function engram.write_memories(jsonb, text[], text) is 'Stores a batch of gate-accepted memories as write_memory would one after another, plain runs set-based. One row per item (0-based ord): created or duplicate, with what it superseded.';
revoke execute on function engram.write_memories(jsonb, text[], text) from public;
grant execute on function engram.write_memories(jsonb, text[], text) to engram_app, engram_operator;
