-- engram: write_memory's own comment on role authenticated, which may no longer call it (20261201100200): the body
-- is otherwise the one of 20261201100000.

-- Writes one memory that the write gate has accepted. p_memory carries the API fields plus what the gate
-- computed (trust, content_hash, flags, expires_at, idempotency_key). Returns the stored memory and a status:
--   created    a new row; superseded lists the ids it replaced (same key, or same facet with the other polarity)
--   duplicate  the same content is already live for this subject, or the idempotency key was seen: that memory
-- Concurrent identical writes collide on a unique index and end as one row. An idempotency key belongs to
-- (tenant, subject) and to one request: the same key with another request (check_idempotent_retry) raises EGI01
-- (409 conflict); a revoked memory no longer holds its key.
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
  v_request_hash text := nullif(p_memory ->> 'request_hash', '');
  v_trust smallint := coalesce((p_memory ->> 'trust')::smallint, 1);
  v_source_type text := coalesce(p_memory -> 'source' ->> 'type', 'app');
  v_language text;
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
  -- Role authenticated may not call this (supabase-js users write over HTTPS, through the gate); should a grant
  -- ever return, their trust is still fixed here from the source, never above 2.
  if current_user = 'authenticated' then
    v_trust := case v_source_type when 'external' then 0 when 'model' then 1 else 2 end;
  end if;

  -- A retried request returns what the first one stored (never a row of another subject).
  if v_idem is not null then
    select * into v_row from engram.memories m
     where m.tenant_id = v_tenant and m.subject = v_subject and m.idempotency_key = v_idem and m.revoked_at is null;
    if found then
      perform engram.check_idempotent_retry(v_row, v_request_hash, v_hash);
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

  -- The server always sends the language it detected; other callers (supabase-js) get it from SQL (CJK by script,
  -- else stop words, else und). Only here, once the write is known not to be a duplicate.
  v_language := coalesce(nullif(p_memory ->> 'language', ''), engram.detect_language(p_memory ->> 'content'));
  insert into engram.memories as m (
    id, tenant_id, subject, kind, content, tags, language, ts_config, context_text, importance, confidence, trust,
    source_type, source_uri, source_id, source_session, source_hash, content_hash, idempotency_key,
    idempotency_hash, key, facet, polarity, trigger, metadata, flags, embedding_status, embedding_model,
    valid_from, expires_at, supersedes, extraction_status
  ) values (
    v_id, v_tenant, v_subject, p_memory ->> 'kind', p_memory ->> 'content',
    coalesce((select pg_catalog.array_agg(t) from pg_catalog.jsonb_array_elements_text(p_memory -> 'tags') t), '{}'),
    v_language, engram.ts_config_for(v_language),
    nullif(p_memory ->> 'context_text', ''),
    coalesce((p_memory ->> 'importance')::real, 0.5), coalesce((p_memory ->> 'confidence')::real, 1),
    v_trust, v_source_type, p_memory -> 'source' ->> 'uri', p_memory -> 'source' ->> 'id',
    p_memory -> 'source' ->> 'session', p_memory ->> 'source_hash', v_hash, v_idem,
    case when v_idem is not null then v_request_hash end, v_key, v_facet, v_polarity,
    nullif(p_memory ->> 'trigger', ''), coalesce(p_memory -> 'metadata', '{}'),
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
     where m.tenant_id = v_tenant and m.subject = v_subject and m.revoked_at is null
       and ((v_idem is not null and m.idempotency_key = v_idem)
         or (m.content_hash = v_hash and m.superseded_by is null))
     order by (v_idem is not null and m.idempotency_key = v_idem) desc
     limit 1;
    if v_idem is not null and v_row.idempotency_key = v_idem then
      perform engram.check_idempotent_retry(v_row, v_request_hash, v_hash);
    end if;
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
