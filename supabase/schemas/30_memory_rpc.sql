-- engram schema: the memory RPC functions, the database API for the Worker, the Node server and supabase-js callers:
-- write, read, list and revoke a memory, store its vector, and the helpers every area uses (iso, memory_json, audit).
-- All are security invoker with an empty search_path (iso and memory_json aside: see iso): they run with the
-- caller's rights, so RLS applies to them exactly as to a direct query. Named parameters (p_*) are what
-- supabase-js .rpc() sends.

-- Timestamps in the API carry microseconds, the precision Postgres stores: with milliseconds a keyset cursor built
-- from created_at skipped rows created within the same millisecond as the last row of a page (list_memories
-- compares the full value).
-- iso and memory_json pin no search_path, so that the planner can inline them. A SQL function with a SET clause is
-- never inlined: every call saves and restores search_path, which also resets the search-path cache. Measured on
-- PostgreSQL 15 (1,000 rows): memory_json 47 us a row with the SET, 13 us without; recall builds it for every
-- candidate (up to ~100 a call), so this was most of the RPC's time on a small subject. Both bodies name everything
-- by schema (pg_catalog., engram.), both are security invoker, and they are only ever called from functions that
-- pin search_path themselves, so pinning it here protected nothing.
-- iso is stable, not immutable: a SQL function is inlined only when it is declared no less volatile than its body,
-- and to_char is stable, so the immutable declaration kept every call a function call (issue 18).
create function engram.iso(p_at timestamptz)
returns text
language sql
stable
parallel safe
as $$ select pg_catalog.to_char(p_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') $$;
comment on function engram.iso(timestamptz) is 'ISO 8601 UTC with microseconds and Z, whatever the session time zone.';
revoke execute on function engram.iso(timestamptz) from public;
grant execute on function engram.iso(timestamptz) to engram_app, authenticated, engram_operator;

create function engram.is_live(m engram.memories)
returns boolean
language sql
stable
set search_path = ''
as $$
  select m.revoked_at is null and m.superseded_by is null
    and (m.expires_at is null or m.expires_at > pg_catalog.now())
    and (m.valid_from is null or m.valid_from <= pg_catalog.now())
$$;
comment on function engram.is_live(engram.memories) is 'A memory recall may return: not revoked, not superseded, not expired, already valid.';
revoke execute on function engram.is_live(engram.memories) from public;
grant execute on function engram.is_live(engram.memories) to engram_app, authenticated, engram_operator;

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

-- No SET search_path, so that it is inlined (see iso above).
create function engram.memory_json(m engram.memories)
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
comment on function engram.memory_json(engram.memories) is 'The API shape of a memory (shared/API.md), built once in SQL so that every caller gets the same JSON.';
revoke execute on function engram.memory_json(engram.memories) from public;
grant execute on function engram.memory_json(engram.memories) to engram_app, authenticated, engram_operator;

create function engram.audit(
  p_tenant uuid, p_subject text, p_memory uuid, p_actor text, p_action text, p_reason text,
  p_related uuid[] default '{}', p_details jsonb default '{}'
)
returns void
language sql
volatile
set search_path = ''
as $$
  insert into engram.audit_events (tenant_id, subject, memory_id, related_ids, actor, action, reason, details)
  values (p_tenant, p_subject, p_memory, coalesce(p_related, '{}'), coalesce(p_actor, 'unknown'), p_action, p_reason,
          coalesce(p_details, '{}'))
$$;
comment on function engram.audit(uuid, text, uuid, text, text, text, uuid[], jsonb) is 'Appends one audit event. Callers pass ids, counts and reasons, never memory content.';
revoke execute on function engram.audit(uuid, text, uuid, text, text, text, uuid[], jsonb) from public;
grant execute on function engram.audit(uuid, text, uuid, text, text, text, uuid[], jsonb) to engram_app, engram_operator;

create function engram.current_actor()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    nullif(pg_catalog.current_setting('engram.actor', true), ''),
    case when current_user = 'authenticated' then 'jwt:' || coalesce(engram.jwt_subject(), '?') end,
    current_user::text)
$$;
comment on function engram.current_actor() is 'Who is acting, for the audit trail: engram.actor set by the server, or the JWT subject.';
revoke execute on function engram.current_actor() from public;
grant execute on function engram.current_actor() to engram_app, authenticated, engram_operator;

-- Raises EGI01 (409 conflict) when an idempotency key comes back with another request than the one that stored
-- p_row: by request fingerprint when both have one (the server sends it), else by content hash (rows stored before
-- fingerprints existed, callers that send none).
create function engram.check_idempotent_retry(p_row engram.memories, p_request_hash text, p_content_hash text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if (p_request_hash is not null and p_row.idempotency_hash is not null
        and p_row.idempotency_hash <> p_request_hash)
     or p_row.content_hash <> p_content_hash then
    raise exception 'idempotency key reused with another request' using errcode = 'EGI01';
  end if;
end
$$;
comment on function engram.check_idempotent_retry(engram.memories, text, text) is 'Raises EGI01 when an idempotency key is retried with another request than the one that stored the row.';
revoke execute on function engram.check_idempotent_retry(engram.memories, text, text) from public;
grant execute on function engram.check_idempotent_retry(engram.memories, text, text) to engram_app, authenticated, engram_operator;

-- Writes one memory that the write gate has accepted. p_memory carries the API fields plus what the gate
-- computed (trust, content_hash, flags, expires_at, idempotency_key) and, for an ingested turn whose extraction
-- was deferred, extraction_status 'pending'. engram.consolidate_memory decides; the status returned:
--   created    a new row; superseded lists the ids it replaced (the slot's value, the stances on its facet)
--   duplicate  the same content is already live for this subject, or the idempotency key was seen: that memory
--   merged     a near-duplicate of a live memory: that memory, with the new write's provenance added
-- Concurrent identical writes collide on a unique index and end as one row. Every decision is audited. An
-- idempotency key belongs to (tenant, subject) and to one request: the same key with another request
-- (check_idempotent_retry) raises EGI01 (409 conflict); a revoked memory no longer holds its key.
create function engram.write_memory(p_memory jsonb, p_embedding text default null, p_model text default null)
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
revoke execute on function engram.write_memory(jsonb, text, text) from public;
grant execute on function engram.write_memory(jsonb, text, text) to engram_app, engram_operator;

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

create function engram.get_memory(p_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with recursive target as (
    select m.* from engram.memories m where m.id = p_id and m.tenant_id = engram.current_tenant_id()
  ),
  older (id, supersedes, depth) as (
    select t.id, t.supersedes, 0 from target t
    union all
    select m.id, m.supersedes, o.depth + 1
      from engram.memories m join older o on m.id = o.supersedes
     where o.depth < 50
  ),
  newer (id, superseded_by, depth) as (
    select t.id, t.superseded_by, 0 from target t
    union all
    select m.id, m.superseded_by, n.depth + 1
      from engram.memories m join newer n on m.id = n.superseded_by
     where n.depth < 50
  )
  select engram.memory_json(t) || pg_catalog.jsonb_build_object(
    'chain', pg_catalog.jsonb_build_object(
      'older', coalesce((select pg_catalog.jsonb_agg(o.id order by o.depth) from older o where o.depth > 0), '[]'),
      'newer', coalesce((select pg_catalog.jsonb_agg(n.id order by n.depth) from newer n where n.depth > 0), '[]')))
  from target t
$$;
comment on function engram.get_memory(uuid) is 'One memory by id with its supersession chain (older and newer versions); null when not visible to the caller.';
revoke execute on function engram.get_memory(uuid) from public;
grant execute on function engram.get_memory(uuid) to engram_app, authenticated, engram_operator;

create function engram.list_memories(
  p_subject text default null,
  p_kind text default null,
  p_tag text default null,
  p_source_uri text default null,
  p_include_revoked boolean default false,
  p_include_expired boolean default false,
  p_include_superseded boolean default false,
  p_limit integer default 50,
  p_cursor_created_at timestamptz default null,
  p_cursor_id uuid default null
)
returns setof jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select engram.memory_json(m)
    from engram.memories m
   where m.tenant_id = engram.current_tenant_id()
     and (p_subject is null or m.subject = p_subject)
     and (p_kind is null or m.kind = p_kind)
     and (p_tag is null or m.tags @> array[p_tag])
     and (p_source_uri is null or m.source_uri = p_source_uri)
     and (p_include_revoked or m.revoked_at is null)
     and (p_include_superseded or m.superseded_by is null)
     and (p_include_expired or m.expires_at is null or m.expires_at > pg_catalog.now())
     and (p_cursor_created_at is null or (m.created_at, m.id) < (p_cursor_created_at, p_cursor_id))
   order by m.created_at desc, m.id desc
   limit least(greatest(coalesce(p_limit, 50), 1), 200)
$$;
comment on function engram.list_memories(text, text, text, text, boolean, boolean, boolean, integer, timestamptz, uuid) is 'Memories newest first with keyset pagination (cursor = created_at and id of the last row); at most 200 a page.';
revoke execute on function engram.list_memories(text, text, text, text, boolean, boolean, boolean, integer, timestamptz, uuid) from public;
grant execute on function engram.list_memories(text, text, text, text, boolean, boolean, boolean, integer, timestamptz, uuid) to engram_app, authenticated, engram_operator;

create function engram.revoke_memory(p_id uuid, p_reason text default null)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_row engram.memories;
begin
  update engram.memories m
     set revoked_at = coalesce(m.revoked_at, pg_catalog.now()), revoked_reason = coalesce(m.revoked_reason, p_reason)
   where m.id = p_id and m.tenant_id = engram.current_tenant_id()
  returning * into v_row;
  if not found then
    return null;
  end if;
  -- The vector index holds live memories only.
  delete from engram.memory_embeddings e where e.memory_id = p_id;
  perform engram.audit(v_row.tenant_id, v_row.subject, p_id, engram.current_actor(), 'revoke', p_reason);
  return engram.memory_json(v_row);
end
$$;
comment on function engram.revoke_memory(uuid, text) is 'Soft-revokes a memory with a reason and drops its vectors; recall never returns it again. Null when not visible.';
revoke execute on function engram.revoke_memory(uuid, text) from public;
grant execute on function engram.revoke_memory(uuid, text) to engram_app, engram_operator;

create function engram.store_embedding(p_memory_id uuid, p_model text, p_embedding text)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_row engram.memories;
  v_active text;
begin
  select * into v_row from engram.memories m where m.id = p_memory_id and m.revoked_at is null and m.superseded_by is null;
  if not found then
    return false;
  end if;
  insert into engram.memory_embeddings as e (memory_id, model, tenant_id, subject, embedding)
  values (p_memory_id, p_model, v_row.tenant_id, v_row.subject, p_embedding::extensions.vector)
  on conflict (memory_id, model) do update set embedding = excluded.embedding, created_at = pg_catalog.now();
  select em.model into v_active from engram.embedding_models em where em.status = 'active';
  if v_active is null or v_active = p_model then
    update engram.memories m set embedding_status = 'ready', embedding_model = p_model where m.id = p_memory_id;
  end if;
  return true;
end
$$;
comment on function engram.store_embedding(uuid, text, text) is 'Stores (or replaces) the vector of a live memory for one model; marks the memory ready when that model serves reads.';
revoke execute on function engram.store_embedding(uuid, text, text) from public;
grant execute on function engram.store_embedding(uuid, text, text) to engram_app, engram_operator;

create function engram.mark_embedding_failed(p_memory_id uuid, p_max_attempts integer default 5)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  update engram.memories m
     set embedding_attempts = m.embedding_attempts + 1,
         embedding_status = case when m.embedding_attempts + 1 >= p_max_attempts then 'failed' else 'pending' end
   where m.id = p_memory_id
$$;
comment on function engram.mark_embedding_failed(uuid, integer) is 'Counts a failed embedding attempt; after p_max_attempts the memory is marked failed (still found lexically).';
revoke execute on function engram.mark_embedding_failed(uuid, integer) from public;
grant execute on function engram.mark_embedding_failed(uuid, integer) to engram_app, engram_operator;
