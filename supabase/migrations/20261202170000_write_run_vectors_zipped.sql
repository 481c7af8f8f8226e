-- write_memory_run reads each item's vector once (issue 18 item 3, the write path): the vectors' insert joined the
-- inserted rows back to the items with a nested loop (the items' row estimate is 1) and its filter
-- `p_embeddings[f.i + 1] is not null` ran for every pair tried; a subscript of a text[] walks the elements before
-- it, so a 500-item run made 250,000 subscripts over ~600 kB of vector text: 340 of the statement's 450 ms
-- (auto_explain, a 500-line `engram import` batch). The vectors are now zipped with the items (ROWS FROM), one
-- pass. Same signature and result.
create or replace function engram.write_memory_run(
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
  v_created_json jsonb[];
  v_found engram.memories[] := '{}';
begin
  if v_tenant is null then
    raise exception 'no tenant in this transaction' using errcode = '42501';
  end if;
  if exists (select 1 from pg_catalog.jsonb_array_elements(p_memories) with ordinality e(m, i)
              where e.i - 1 between p_from and p_to
                and (e.m ->> 'subject' is null or e.m ->> 'content_hash' is null)) then
    raise exception 'subject and content_hash are required' using errcode = '22023';
  end if;

  -- The first item of each (subject, content) in the run becomes a row unless that content is live already: the
  -- live-content unique index, as ON CONFLICT's arbiter, finds it (a row stored earlier or by a concurrent writer
  -- that committed first; read back below), so no statement here looks memories up by subject and content.
  -- Each item's vector is read from p_embeddings once, zipped with the items (ROWS FROM): a subscript of a text[]
  -- walks the elements before it, and `p_embeddings[f.i + 1]` in the vectors' join was evaluated for every pair the
  -- nested loop tried (a 500-item run: 250,000 subscripts, 340 of the statement's 450 ms; 20261202170000).
  -- Plans that do not hinge on statistics (issue 18 item 5): such a lookup, with the statistics of a table loaded
  -- since its last ANALYZE, became a nested loop over the subject's rows for every item (a 500-item batch into a
  -- 3,500-row subject read 1.75M rows, the backend's CPU a batch growing with the subject: 0.46 s at 0, 1.48 s at
  -- 3,000 rows).
  with items as (
    select (e.i - 1)::integer as i, e.m, e.m ->> 'subject' as subject, e.m ->> 'content_hash' as hash,
           coalesce(e.m -> 'source' ->> 'type', 'app') as source_type,
           -- As write_memory: the server sends the language it detected; other callers get it from SQL.
           coalesce(nullif(e.m ->> 'language', ''), engram.detect_language(e.m ->> 'content')) as lang,
           e.embedding
      from rows from (pg_catalog.jsonb_array_elements(p_memories), pg_catalog.unnest(p_embeddings))
             with ordinality e(m, embedding, i)
     where e.i - 1 between p_from and p_to and e.m is not null
  ),
  fresh as (
    select distinct on (it.subject, it.hash) it.*, gen_random_uuid() as id
      from items it
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
      case when f.embedding is null then 'pending' else 'ready' end,
      case when f.embedding is null then null else p_model end,
      (f.m ->> 'valid_from')::timestamptz, (f.m ->> 'expires_at')::timestamptz,
      case when f.m ->> 'extraction_status' = 'pending' then 'pending' end
      from fresh f
     order by f.i
    on conflict do nothing
    returning m.id, m.subject, m.kind, m.trust, m.source_type, m as r
  ),
  vectors as (
    insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding)
    select ins.id, p_model, v_tenant, ins.subject, f.embedding::extensions.vector
      from ins join fresh f on f.id = ins.id
     where f.embedding is not null
  ),
  audited as (
    insert into engram.audit_events (tenant_id, subject, memory_id, related_ids, actor, action, details)
    select v_tenant, ins.subject, ins.id, '{}', coalesce(v_actor, 'unknown'), 'write',
           pg_catalog.jsonb_build_object('kind', ins.kind, 'trust', ins.trust, 'source_type', ins.source_type)
      from ins
  )
  -- The positions of the items that made a row and the rows as stored, so the answer needs no read back (an
  -- in-batch duplicate joins the same row below).
  select coalesce(pg_catalog.array_agg(f.i order by f.i), '{}'),
         coalesce(pg_catalog.array_agg(engram.memory_json(ins.r) order by f.i), '{}')
    into v_created, v_created_json
    from ins join fresh f on f.id = ins.id;

  -- The live rows the duplicates met, in a new statement, so that rows a concurrent writer committed first are
  -- visible. One scan of memories with the subjects and contents as values (EXECUTE: the planner sees them), not
  -- a lookup per item, for the reason above.
  if pg_catalog.cardinality(v_created) < p_to - p_from + 1 then
    execute '
      select coalesce(pg_catalog.array_agg(m), ''{}'')
        from engram.memories m
       where m.tenant_id = $1 and m.subject = any ($2) and m.content_hash = any ($3)
         and m.revoked_at is null and m.superseded_by is null'
      into v_found
      using v_tenant,
            array(select distinct e.m ->> 'subject' from pg_catalog.jsonb_array_elements(p_memories) with ordinality e(m, i)
                   where e.i - 1 between p_from and p_to and not ((e.i - 1)::integer = any (v_created))),
            array(select distinct e.m ->> 'content_hash' from pg_catalog.jsonb_array_elements(p_memories) with ordinality e(m, i)
                   where e.i - 1 between p_from and p_to and not ((e.i - 1)::integer = any (v_created)));
  end if;

  -- Each duplicate is audited against the row it found, as write_memory audits one (consolidation records every
  -- decision).
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
    join pg_catalog.unnest(v_found) m on m.subject = it.subject and m.content_hash = it.hash
   where not (it.i = any (v_created))
   order by it.i;

  -- The created rows from the insert itself, the duplicates' from the rows found above.
  return query
    select c.i, c.memory, 'created'::text, '{}'::uuid[]
      from rows from (pg_catalog.unnest(v_created), pg_catalog.unnest(v_created_json)) c(i, memory)
    union all
    select it.i, engram.memory_json(m), 'duplicate'::text, '{}'::uuid[]
      from (select (e.i - 1)::integer as i, e.m ->> 'subject' as subject, e.m ->> 'content_hash' as hash
              from pg_catalog.jsonb_array_elements(p_memories) with ordinality e(m, i)
             where e.i - 1 between p_from and p_to) it
      left join pg_catalog.unnest(v_found) m on m.subject = it.subject and m.content_hash = it.hash
     where not (it.i = any (v_created))
     order by 1;
end
$$;
