-- engram: consolidation of every write (issue 12 item 3: duplicate, merge a near-duplicate, supersede the slot's
-- value and the stances on a facet, each decision audited), multi-valued slots (child:name...) exempt from the
-- one-live-value-per-key index, a merge threshold per embedding model, and pending extraction of ingested turns
-- (item 1: the extract job retries what timed out or failed).

create function engram.is_multi_valued_key(p_key text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$ select p_key ~ '^(child|pet|sibling|parent):name$' $$;
comment on function engram.is_multi_valued_key(text) is 'Slots that hold several live values (a second child is not an update of the first); the same list as src/core/slot-keys.ts.';
revoke execute on function engram.is_multi_valued_key(text) from public;
grant execute on function engram.is_multi_valued_key(text) to engram_app, authenticated, engram_operator;

alter table engram.embedding_models
  add column merge_threshold real check (merge_threshold is null or merge_threshold between -1 and 1);
comment on column engram.embedding_models.merge_threshold is 'Similarity in this model above which consolidation merges a memory into a live one of the same kind; null: merge by slot and facet only.';

alter table engram.memories
  add column extraction_status text check (extraction_status in ('pending', 'failed')),
  add column extraction_attempts integer not null default 0;

drop index engram.memories_live_key_idx;
create unique index memories_live_key_idx on engram.memories (tenant_id, subject, key)
  where key is not null and not engram.is_multi_valued_key(key) and revoked_at is null and superseded_by is null;
create index memories_extraction_pending_idx on engram.memories (created_at) where extraction_status = 'pending';

-- Decides what becomes of p_memory (write_memory's argument, content_hash computed) in the caller's tenant:
--   duplicate  target holds the same content, live
--   merge      target is the same memory in other words: its slot (single-valued) holds the same value in the
--              model's eyes (similarity >= the model's merge_threshold), or it takes the same stance (prefer/avoid)
--              on the same facet (case aside), or, for a model with a merge_threshold, it is at least that similar
--              and of the same kind without a conflicting slot or facet
--   create     a new memory; superseded lists what it replaces: the live value of its single-valued slot and every
--              live stance on its facet (an opposite one: a change of mind; a same one left after a slot change)
-- Episodes (conversation turns) are only ever deduplicated: each turn is its own record.
create function engram.consolidate_memory(p_memory jsonb, p_embedding text default null, p_model text default null)
returns table (decision text, target uuid, superseded uuid[])
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_tenant uuid := engram.current_tenant_id();
  v_subject text := p_memory ->> 'subject';
  v_kind text := p_memory ->> 'kind';
  v_key text := nullif(p_memory ->> 'key', '');
  v_facet text := pg_catalog.lower(nullif(p_memory ->> 'facet', ''));
  v_stance boolean := nullif(p_memory ->> 'facet', '') is not null
    and coalesce(p_memory ->> 'polarity', '') in ('prefer', 'avoid');
  v_single boolean := v_key is not null and not engram.is_multi_valued_key(v_key);
  v_threshold real;
  v_vector extensions.vector;
  v_target uuid;
  v_slot uuid;
begin
  select m.id into v_target from engram.memories m
   where m.tenant_id = v_tenant and m.subject = v_subject and m.content_hash = p_memory ->> 'content_hash'
     and m.revoked_at is null and m.superseded_by is null;
  if found then
    return query select 'duplicate'::text, v_target, '{}'::uuid[];
    return;
  end if;

  if v_kind <> 'episode' then
    if p_embedding is not null and p_model is not null then
      select em.merge_threshold into v_threshold from engram.embedding_models em where em.model = p_model;
      if v_threshold is not null then
        v_vector := p_embedding::extensions.vector;
      end if;
    end if;

    if v_single then
      select m.id into v_slot from engram.memories m
       where m.tenant_id = v_tenant and m.subject = v_subject and m.key = v_key
         and m.revoked_at is null and m.superseded_by is null;
      if v_slot is not null and v_threshold is not null and exists (
        select 1 from engram.memory_embeddings e
         where e.memory_id = v_slot and e.model = p_model
           and 1 - (e.embedding operator(extensions.<=>) v_vector) >= v_threshold) then
        return query select 'merge'::text, v_slot, '{}'::uuid[];
        return;
      end if;
    end if;

    if v_slot is null and v_stance then
      select m.id into v_target from engram.memories m
       where m.tenant_id = v_tenant and m.subject = v_subject
         and m.revoked_at is null and m.superseded_by is null
         and m.kind <> 'episode'
         and pg_catalog.lower(m.facet) = v_facet and m.polarity = p_memory ->> 'polarity'
         and (m.key is null or v_key is null or m.key = v_key)
       order by m.created_at desc
       limit 1;
      if found then
        return query select 'merge'::text, v_target, '{}'::uuid[];
        return;
      end if;
    end if;

    if v_slot is null and v_threshold is not null then
      select m.id into v_target
        from engram.memory_embeddings e
        join engram.memories m on m.id = e.memory_id
       where e.tenant_id = v_tenant and e.subject = v_subject and e.model = p_model
         and m.kind = v_kind and m.revoked_at is null and m.superseded_by is null
         and m.key is not distinct from v_key
         and (v_facet is null or m.facet is null or pg_catalog.lower(m.facet) = v_facet)
         and 1 - (e.embedding operator(extensions.<=>) v_vector) >= v_threshold
       order by e.embedding operator(extensions.<=>) v_vector
       limit 1;
      if found then
        return query select 'merge'::text, v_target, '{}'::uuid[];
        return;
      end if;
    end if;
  end if;

  return query
  select 'create'::text, null::uuid, coalesce((
    select pg_catalog.array_agg(m.id order by m.created_at desc)
      from engram.memories m
     where m.tenant_id = v_tenant and m.subject = v_subject
       and m.revoked_at is null and m.superseded_by is null
       and ((v_single and m.key = v_key)
         or (v_stance and pg_catalog.lower(m.facet) = v_facet and m.polarity in ('prefer', 'avoid')))), '{}');
end
$$;
comment on function engram.consolidate_memory(jsonb, text, text) is 'Consolidation decision for one write: duplicate, merge (near-duplicate: same slot value, same stance on a facet, or similarity above the model''s merge_threshold) or create with the ids it supersedes (slot value, stances on the facet).';
revoke execute on function engram.consolidate_memory(jsonb, text, text) from public;
grant execute on function engram.consolidate_memory(jsonb, text, text) to engram_app, authenticated, engram_operator;

-- Merges p_memory into the live memory p_target: the target keeps its content, vector, recall statistics and
-- history; its confidence and importance become the higher of the two, its trust too (p_trust is what the gate, or
-- write_memory for supabase-js callers, assigned the new write); the new write's provenance (source, extraction:
-- source turns and episodes) is appended to metadata.merged, the 20 latest kept. Audited as `merge`.
create function engram.merge_memory(p_target uuid, p_memory jsonb, p_trust smallint)
returns engram.memories
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_row engram.memories;
  v_merged jsonb;
begin
  select coalesce(m.metadata -> 'merged', '[]'::jsonb) into v_merged from engram.memories m where m.id = p_target;
  v_merged := v_merged || pg_catalog.jsonb_build_array(pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
    'at', engram.iso(pg_catalog.now()),
    'kind', p_memory ->> 'kind',
    'source', p_memory -> 'source',
    'extraction', p_memory -> 'metadata' -> 'extraction')));
  if pg_catalog.jsonb_array_length(v_merged) > 20 then
    v_merged := v_merged - 0;
  end if;
  update engram.memories m
     set confidence = greatest(m.confidence, coalesce((p_memory ->> 'confidence')::real, 1)),
         importance = greatest(m.importance, coalesce((p_memory ->> 'importance')::real, 0.5)),
         trust = greatest(m.trust, p_trust),
         metadata = m.metadata || pg_catalog.jsonb_build_object('merged', v_merged)
   where m.id = p_target
  returning * into v_row;
  perform engram.audit(v_row.tenant_id, v_row.subject, p_target, engram.current_actor(), 'merge', null, '{}',
    pg_catalog.jsonb_build_object('kind', p_memory ->> 'kind', 'trust', p_trust,
      'source_type', coalesce(p_memory -> 'source' ->> 'type', 'app')));
  return v_row;
end
$$;
comment on function engram.merge_memory(uuid, jsonb, smallint) is 'Merges a near-duplicate write into a live memory: keeps its content and statistics, raises confidence, importance and trust to the higher value, appends the provenance to metadata.merged, audits.';
revoke execute on function engram.merge_memory(uuid, jsonb, smallint) from public;
grant execute on function engram.merge_memory(uuid, jsonb, smallint) to engram_app, authenticated, engram_operator;

-- Writes one memory that the write gate has accepted. p_memory carries the API fields plus what the gate
-- computed (trust, content_hash, flags, expires_at, idempotency_key) and, for an ingested turn whose extraction
-- was deferred, extraction_status 'pending'. engram.consolidate_memory decides; the status returned:
--   created    a new row; superseded lists the ids it replaced (the slot's value, the stances on its facet)
--   duplicate  the same content is already live for this subject, or the idempotency key was seen: that memory
--   merged     a near-duplicate of a live memory: that memory, with the new write's provenance added
-- Concurrent identical writes collide on a unique index and end as one row. Every decision is audited.
create or replace function engram.write_memory(p_memory jsonb, p_embedding text default null, p_model text default null)
returns table (memory jsonb, status text, superseded uuid[])
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_tenant uuid := engram.current_tenant_id();
  v_subject text := p_memory ->> 'subject';
  v_hash text := p_memory ->> 'content_hash';
  v_key text := nullif(p_memory ->> 'key', '');
  v_facet text := nullif(p_memory ->> 'facet', '');
  v_polarity text := nullif(p_memory ->> 'polarity', '');
  v_idem text := nullif(p_memory ->> 'idempotency_key', '');
  v_trust smallint := coalesce((p_memory ->> 'trust')::smallint, 1);
  v_source_type text := coalesce(p_memory -> 'source' ->> 'type', 'app');
  v_id uuid := gen_random_uuid();
  v_row engram.memories;
  v_superseded uuid[] := '{}';
  v_decision text;
  v_target uuid;
begin
  if v_tenant is null then
    raise exception 'no tenant in this transaction' using errcode = '42501';
  end if;
  if v_hash is null or v_subject is null then
    raise exception 'subject and content_hash are required' using errcode = '22023';
  end if;
  -- supabase-js callers skip the server's write gate: their trust is fixed here from the source, never above 2.
  if current_user = 'authenticated' then
    v_trust := case v_source_type when 'external' then 0 when 'model' then 1 else 2 end;
  end if;

  -- A retried request returns what the first one stored.
  if v_idem is not null then
    select * into v_row from engram.memories m where m.tenant_id = v_tenant and m.idempotency_key = v_idem;
    if found then
      return query select engram.memory_json(v_row), 'duplicate'::text, '{}'::uuid[];
      return;
    end if;
  end if;

  -- Writers of the same key or facet queue here, so that each sees the version the previous one wrote.
  if v_key is not null or v_facet is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(
      v_tenant::text || '/' || v_subject || '/' || coalesce(v_key, '') || '/' || coalesce(pg_catalog.lower(v_facet), ''), 0));
  end if;

  select c.decision, c.target, c.superseded into v_decision, v_target, v_superseded
    from engram.consolidate_memory(p_memory, p_embedding, p_model) c;
  if v_decision = 'duplicate' then
    select * into v_row from engram.memories m where m.id = v_target;
    perform engram.audit(v_tenant, v_subject, v_target, engram.current_actor(), 'duplicate', null, '{}',
      pg_catalog.jsonb_build_object('kind', p_memory ->> 'kind', 'trust', v_trust, 'source_type', v_source_type));
    return query select engram.memory_json(v_row), 'duplicate'::text, '{}'::uuid[];
    return;
  end if;
  if v_decision = 'merge' then
    v_row := engram.merge_memory(v_target, p_memory, v_trust);
    return query select engram.memory_json(v_row), 'merged'::text, '{}'::uuid[];
    return;
  end if;

  -- Supersede first (the new id is known; the foreign key is checked at commit), then insert: the unique
  -- index on live keys never sees two live versions.
  update engram.memories m set superseded_by = v_id where m.id = any (v_superseded);

  insert into engram.memories as m (
    id, tenant_id, subject, kind, content, tags, language, ts_config, context_text, importance, confidence, trust,
    source_type, source_uri, source_id, source_session, source_hash, content_hash, idempotency_key,
    key, facet, polarity, trigger, metadata, flags, embedding_status, embedding_model,
    valid_from, expires_at, supersedes, extraction_status
  ) values (
    v_id, v_tenant, v_subject, p_memory ->> 'kind', p_memory ->> 'content',
    coalesce((select pg_catalog.array_agg(t) from pg_catalog.jsonb_array_elements_text(p_memory -> 'tags') t), '{}'),
    coalesce(p_memory ->> 'language', 'en'), engram.ts_config_for(p_memory ->> 'language'),
    nullif(p_memory ->> 'context_text', ''),
    coalesce((p_memory ->> 'importance')::real, 0.5), coalesce((p_memory ->> 'confidence')::real, 1),
    v_trust, v_source_type, p_memory -> 'source' ->> 'uri', p_memory -> 'source' ->> 'id',
    p_memory -> 'source' ->> 'session', p_memory ->> 'source_hash', v_hash, v_idem,
    v_key, v_facet, v_polarity, nullif(p_memory ->> 'trigger', ''), coalesce(p_memory -> 'metadata', '{}'),
    coalesce((select pg_catalog.array_agg(f) from pg_catalog.jsonb_array_elements_text(p_memory -> 'flags') f), '{}'),
    case when p_embedding is null then 'pending' else 'ready' end,
    case when p_embedding is null then null else p_model end,
    (p_memory ->> 'valid_from')::timestamptz, (p_memory ->> 'expires_at')::timestamptz, v_superseded[1],
    case when p_memory ->> 'extraction_status' = 'pending' then 'pending' end
  )
  on conflict do nothing
  returning * into v_row;

  if not found then
    -- A concurrent writer stored the same content (or idempotency key) first: undo our supersession, return theirs.
    update engram.memories m set superseded_by = null where m.superseded_by = v_id;
    select * into v_row from engram.memories m
     where m.tenant_id = v_tenant
       and ((v_idem is not null and m.idempotency_key = v_idem)
         or (m.subject = v_subject and m.content_hash = v_hash and m.revoked_at is null and m.superseded_by is null))
     limit 1;
    return query select engram.memory_json(v_row), 'duplicate'::text, '{}'::uuid[];
    return;
  end if;

  if p_embedding is not null then
    insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding)
    values (v_id, p_model, v_tenant, v_subject, p_embedding::extensions.vector);
  end if;

  perform engram.audit(v_tenant, v_subject, v_id, engram.current_actor(), 'write', null, v_superseded,
    pg_catalog.jsonb_build_object('kind', v_row.kind, 'trust', v_row.trust, 'source_type', v_row.source_type));
  if pg_catalog.cardinality(v_superseded) > 0 then
    -- The vector index holds live memories only.
    delete from engram.memory_embeddings e where e.memory_id = any (v_superseded);
    perform engram.audit(v_tenant, v_subject, s, engram.current_actor(), 'supersede', null, array[v_id], '{}')
       from pg_catalog.unnest(v_superseded) s;
  end if;

  return query select engram.memory_json(v_row), 'created'::text, v_superseded;
end
$$;
comment on function engram.write_memory(jsonb, text, text) is 'Stores one gate-accepted memory (and its vector when given) as engram.consolidate_memory decides: dedupes by content and idempotency key, merges near-duplicates, supersedes by slot or facet, audits. Status created, duplicate or merged.';
revoke execute on function engram.write_memory(jsonb, text, text) from public;
grant execute on function engram.write_memory(jsonb, text, text) to engram_app, authenticated, engram_operator;

create function engram.claim_pending_extractions(p_limit integer default 200)
returns table (id uuid, tenant_id uuid, subject text, session text, content text, source_id text, metadata jsonb,
               attempts integer)
language sql
volatile
security invoker
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
  -- Oldest first, through memories_extraction_pending_idx; rows another job holds are skipped.
  select m.id, m.tenant_id, m.subject, m.source_session, m.content, m.source_id, m.metadata, m.extraction_attempts
    from engram.memories m
   where m.extraction_status = 'pending'
     and m.revoked_at is null and m.superseded_by is null
     and (m.expires_at is null or m.expires_at > pg_catalog.now())
   order by m.created_at, m.id
   limit least(greatest(coalesce(p_limit, 200), 1), 1000)
     for no key update of m skip locked
$$;
comment on function engram.claim_pending_extractions(integer) is 'Extract job: locks and returns up to p_limit live turns whose extraction is pending (tenant, subject, session, the stored turn and its metadata).';
revoke execute on function engram.claim_pending_extractions(integer) from public;
grant execute on function engram.claim_pending_extractions(integer) to engram_operator;

create function engram.finish_pending_extractions(p_done uuid[], p_failed uuid[], p_max_attempts integer default 5)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  with done as (
    update engram.memories m set extraction_status = null
     where m.id = any (coalesce(p_done, '{}')) and m.extraction_status is not null
    returning m.id
  ), failed as (
    update engram.memories m
       set extraction_attempts = m.extraction_attempts + 1,
           extraction_status = case when m.extraction_attempts + 1 >= p_max_attempts then 'failed' else 'pending' end
     where m.id = any (coalesce(p_failed, '{}')) and m.extraction_status = 'pending'
    returning m.extraction_status
  )
  select (select pg_catalog.count(*) from failed f where f.extraction_status = 'failed')::integer
       + 0 * (select pg_catalog.count(*) from done)::integer
$$;
comment on function engram.finish_pending_extractions(uuid[], uuid[], integer) is 'Extract job: clears the pending mark of extracted turns and counts a failed attempt on the others (failed after p_max_attempts); returns how many are now failed.';
revoke execute on function engram.finish_pending_extractions(uuid[], uuid[], integer) from public;
grant execute on function engram.finish_pending_extractions(uuid[], uuid[], integer) to engram_operator;
